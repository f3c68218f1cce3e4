import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './SchemaForm.module.css';

interface ColourInputProps {
  value: string;
  onChange(next: string): void;
  /** '' is allowed (the theme's colour): the text can be cleared. */
  optional: boolean;
  testId: string;
  label: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A `#rrggbb` colour: the browser's colour well beside the text, which stays editable (paste a brand colour). */
export function ColourInput({ value, onChange, optional, testId, label }: ColourInputProps) {
  const { t } = useTranslation();
  return (
    <Space.Compact className={styles.colour}>
      <input
        type="color"
        className={styles.swatch}
        value={HEX.test(value) ? value.toLowerCase() : '#000000'}
        onChange={(event) => onChange(event.target.value)}
        aria-label={t('boardFields.form.pickColour')}
        data-testid={`${testId}-swatch`}
      />
      <Input
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
        allowClear={optional}
        maxLength={7}
        placeholder="#rrggbb"
        aria-label={label}
        data-testid={testId}
      />
    </Space.Compact>
  );
}
