import { useTranslation } from 'react-i18next';
import type { FieldIssue } from '../../../forms/fieldErrors';
import styles from '../tariffs.module.css';
import { ruleText } from './ruleText';

/** The text under a field: the first rule finding at its path, in the reader's language. */
export function FieldError({ issue, testId }: { issue: FieldIssue | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!issue) return null;
  return (
    <span className={styles.fieldError} role="alert" data-testid={testId}>
      {ruleText(t, issue)}
    </span>
  );
}
