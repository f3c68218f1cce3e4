import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

interface SecretInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** The server holds one: an empty field keeps it. */
  stored: boolean;
  testId: string;
  disabled?: boolean;
}

/** A write-only secret: never filled from the server, says whether one is stored. */
export function SecretInput({ value, onChange, stored, testId, disabled }: SecretInputProps) {
  const { t } = useTranslation();
  return (
    <Input.Password
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
      // Browsers must not fill a saved login password in here.
      autoComplete="new-password"
      placeholder={stored ? t('pushes.settings.secretStored') : t('pushes.settings.secretNone')}
      maxLength={200}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
