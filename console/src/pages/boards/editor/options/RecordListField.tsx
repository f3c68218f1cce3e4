import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Tooltip } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionField } from './optionFields';
import { problemAt, testId, type OptionForm } from './optionForm';
import { newItem, type OptionPath } from './optionValues';
import styles from './SchemaForm.module.css';

interface RecordListFieldProps {
  field: Extract<OptionField, { kind: 'records' }>;
  path: OptionPath;
  value: unknown;
  form: OptionForm;
  label: string;
  /** Draws one field of an entry: the caller's OptionFieldItem, passed in so the two files do not import each other. */
  renderField: (field: OptionField, path: OptionPath, value: unknown) => ReactNode;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A list of objects (a mimic's icons): a small card of fields per entry, add (with its defaults) and remove. */
export function RecordListField({ field, path, value, form, label, renderField }: RecordListFieldProps) {
  const { t } = useTranslation();
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const full = field.maxItems !== undefined && items.length >= field.maxItems;
  return (
    <Form.Item label={label} required={field.required} {...problemAt(t, form, path)}>
      {items.map((item, index) => {
        const entry = asRecord(item);
        const itemProblem = problemAt(t, form, [...path, index]).help;
        return (
          <Card
            key={index}
            size="small"
            className={styles.record}
            title={t('boardFields.form.item', { index: index + 1 })}
            data-testid={testId(form, [...path, index])}
            extra={
              <Tooltip title={t('boardFields.form.remove')}>
                <Button
                  size="small"
                  type="text"
                  danger
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
            }
          >
            {itemProblem && <Alert type="error" showIcon title={itemProblem} style={{ marginBottom: 8 }} />}
            {field.fields.map((child) => (
              <Fragment key={child.name}>{renderField(child, [...path, index, child.name], entry[child.name])}</Fragment>
            ))}
          </Card>
        );
      })}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={full}
        onClick={() => form.set(path, [...items, newItem(field.fields)])}
        data-testid={testId(form, path, '-add')}
      >
        {t('boardFields.form.add')}
      </Button>
    </Form.Item>
  );
}
