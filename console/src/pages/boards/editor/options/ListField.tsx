import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OptionField } from './optionFields';
import { problemAt, testId, type OptionForm } from './optionForm';
import { newListValue, type OptionPath } from './optionValues';
import { OptionInput } from './OptionInput';
import styles from './SchemaForm.module.css';

interface ListFieldProps {
  field: Extract<OptionField, { kind: 'list' }>;
  path: OptionPath;
  value: unknown;
  form: OptionForm;
  label: string;
}

/** A list of plain values (texts, numbers, colours): one input per entry, add and remove. */
export function ListField({ field, path, value, form, label }: ListFieldProps) {
  const { t } = useTranslation();
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const full = field.maxItems !== undefined && items.length >= field.maxItems;
  return (
    <Form.Item label={label} required={field.required} {...problemAt(t, form, path)}>
      {items.map((item, index) => (
        <div key={index} className={styles.listRow}>
          <Form.Item style={{ marginBottom: 8 }} {...problemAt(t, form, [...path, index], true)}>
            <OptionInput field={field.item} path={[...path, index]} value={item} form={form} label={`${label} ${index + 1}`} />
          </Form.Item>
          <Tooltip title={t('boardFields.form.remove')}>
            <Button
              icon={<DeleteOutlined />}
              onClick={() =>
                form.set(
                  path,
                  items.filter((_, at) => at !== index),
                )
              }
              aria-label={t('boardFields.form.remove')}
              data-testid={testId(form, [...path, index], '-remove')}
            />
          </Tooltip>
        </div>
      ))}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={full}
        onClick={() => form.set(path, [...items, newListValue(field.item)])}
        data-testid={testId(form, path, '-add')}
      >
        {t('boardFields.form.add')}
      </Button>
    </Form.Item>
  );
}
