import { Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface JsonInputProps {
  value: unknown;
  onChange(next: unknown): void;
  testId: string;
  label: string;
}

const text = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value, null, 2));

/**
 * An option the form cannot edit field by field, as JSON text: taken when it parses (on leaving the box),
 * kept as typed with a note while it does not. The schema still validates what is taken.
 */
export function JsonInput({ value, onChange, testId, label }: JsonInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [invalid, setInvalid] = useState(false);
  const commit = () => {
    if (draft === undefined) return;
    try {
      onChange(draft.trim() === '' ? undefined : JSON.parse(draft));
      setDraft(undefined);
      setInvalid(false);
    } catch {
      setInvalid(true);
    }
  };
  return (
    <>
      <Input.TextArea
        value={draft ?? text(value)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        autoSize={{ minRows: 2, maxRows: 10 }}
        status={invalid ? 'error' : ''}
        aria-label={label}
        data-testid={testId}
      />
      {invalid && <Typography.Text type="danger">{t('boardFields.form.invalidJson')}</Typography.Text>}
    </>
  );
}
