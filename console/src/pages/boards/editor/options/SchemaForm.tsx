import { Alert, Form, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useResourceChoices } from '../binding/useResourceChoices';
import { OptionFieldItem } from './OptionFieldItem';
import { optionFields, refsOf } from './optionFields';
import type { OptionForm } from './optionForm';
import { optionMessage } from './optionMessage';
import { setAt, withDefaults } from './optionValues';

export { validateOptions } from './validateOptions';

interface SchemaFormProps {
  /** The widget's options schema (descriptor.options). */
  schema: z.ZodType;
  value: Record<string, unknown>;
  /** The whole next options object, defaults filled in, on every change. */
  onChange(next: Record<string, unknown>): void;
  /** Dotted option path ('icons.0.meterId') → message (validateOptions, or the server's). */
  errors?: Readonly<Record<string, string>>;
  /** The element type: labels come from `boardFields.<widgetType>.*` first. */
  widgetType: string;
  /** Test ids are `<prefix>-<dotted.path>`; default 'option'. */
  testIdPrefix?: string;
}

const NO_ERRORS: Readonly<Record<string, string>> = {};

/**
 * A widget's options as a form generated from its zod schema (optionFields): absent options show their
 * defaults, each change hands up the full next options object, messages sit under the field they name.
 * Messages naming no field of the form (a refinement of the whole object) are listed above it.
 */
export function SchemaForm({ schema, value, onChange, errors = NO_ERRORS, widgetType, testIdPrefix = 'option' }: SchemaFormProps) {
  const { t } = useTranslation();
  const fields = useMemo(() => optionFields(schema), [schema]);
  const shown = useMemo(() => withDefaults(fields, value), [fields, value]);
  const refs = useMemo(() => refsOf(fields), [fields]);
  const { lists, loading } = useResourceChoices(refs);

  if (fields.length === 0) return <Typography.Text type="secondary">{t('boardFields.form.noOptions')}</Typography.Text>;

  const form: OptionForm = { widgetType, prefix: testIdPrefix, errors, lists, loading, set: (path, next) => onChange(setAt(shown, path, next)) };
  const stray = Object.entries(errors).filter(([path]) => !fields.some((field) => path === field.name || path.startsWith(`${field.name}.`)));

  return (
    <Form layout="vertical" component="div">
      {stray.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={stray.map(([path, message]) => (
            <div key={path}>{optionMessage(t, message)}</div>
          ))}
          data-testid={`${testIdPrefix}-errors`}
        />
      )}
      {fields.map((field) => (
        <OptionFieldItem key={field.name} field={field} path={[field.name]} value={shown[field.name]} form={form} />
      ))}
    </Form>
  );
}
