import { Alert, Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { widgetRegistry } from '@boards/widgets';
import styles from './BoardEditor.module.css';
import type { EditorIssue } from './editorIssues';
import type { EditorStore } from './EditorStore';
import { issueFieldLabel } from './issueLabels';
import { issueText } from './issueText';

/** At most this many problems are listed; the marked fields show the rest. */
const SHOWN = 4;

/** Why the last save did not happen, on one line: each problem a link to its widget or tab. */
export const IssuesBar = observer(function IssuesBar({ store, onShow }: { store: EditorStore; onShow(issue: EditorIssue): void }) {
  const { t } = useTranslation();
  if (store.issues.length === 0) return null;
  const where = (issue: EditorIssue) => {
    if (issue.elementId === null) return issue.section === 'meta' ? t('boardEditor.issues.board') : t('boardEditor.issues.canvas');
    const element = store.document.elements[issue.elementId];
    const descriptor = widgetRegistry.get(element?.type ?? '');
    return t('boardEditor.issues.widget', { name: element?.title || (descriptor ? t(descriptor.nameKey) : issue.elementId) });
  };
  const rest = store.issues.length - SHOWN;
  return (
    <div className={styles.issues}>
      <Alert
        type="error"
        showIcon
        banner
        title={
          <span data-testid="editor-issues">
            <strong>{t('boardEditor.issues.title')}</strong>
            {store.issues.slice(0, SHOWN).map((issue, index) => {
              const field = issueFieldLabel(t, issue);
              return (
                <Fragment key={`${issue.elementId}:${issue.section}:${issue.field}:${index}`}>
                  {index === 0 ? ': ' : ' · '}
                  <Button type="link" size="small" className={styles.issueLink} onClick={() => onShow(issue)} data-testid={`editor-issue-${index}`}>
                    {field ? `${where(issue)}, ${field}` : where(issue)}
                  </Button>
                  {` – ${issueText(t, issue.message)}`}
                </Fragment>
              );
            })}
            {rest > 0 && ` · ${t('boardEditor.issues.more', { count: rest })}`}
          </span>
        }
      />
    </div>
  );
});
