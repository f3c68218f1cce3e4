import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from './fieldLabels';
import { ListField } from './ListField';
import type { OptionField } from './optionFields';
import { problemAt, type OptionForm } from './optionForm';
import type { OptionPath } from './optionValues';
import { OptionInput } from './OptionInput';
import { RecordListField } from './RecordListField';
import styles from './SchemaForm.module.css';

interface OptionFieldItemProps {
  field: OptionField;
  path: OptionPath;
  value: unknown;
  form: OptionForm;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** One option with its label and its message: a plain input, a list, a list of objects or a group of options. */
export function OptionFieldItem({ field, path, value, form }: OptionFieldItemProps) {
  const { t, i18n } = useTranslation();
  const label = fieldLabel(i18n, form.widgetType, field.name);

  if (field.kind === 'list') return <ListField field={field} path={path} value={value} form={form} label={label} />;
  if (field.kind === 'records') {
    const renderField = (child: OptionField, childPath: OptionPath, childValue: unknown) => (
      <OptionFieldItem field={child} path={childPath} value={childValue} form={form} />
    );
    return <RecordListField field={field} path={path} value={value} form={form} label={label} renderField={renderField} />;
  }
  if (field.kind === 'group') {
    const group = asRecord(value);
    return (
      <Form.Item label={label} required={field.required} {...problemAt(t, form, path)}>
        <div className={styles.group}>
          {field.fields.map((child) => (
            <OptionFieldItem key={child.name} field={child} path={[...path, child.name]} value={group[child.name]} form={form} />
          ))}
        </div>
      </Form.Item>
    );
  }
  return (
    <Form.Item label={label} required={field.required} {...problemAt(t, form, path, true)}>
      <OptionInput field={field} path={path} value={value} form={form} label={label} />
    </Form.Item>
  );
}
