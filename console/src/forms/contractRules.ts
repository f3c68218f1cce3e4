import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { formFields, keyText, serverFieldErrors } from './fieldErrors';

/**
 * Form rules from the shared contracts (roles, menus, login pages): the server checks the same schema,
 * and both speak in catalogue keys ('menus.sort_err'), shown here as t(key).
 */

export { keyText };

/** An antd rule checking one field with its schema (fires on blur with validateTrigger="onBlur"). */
export function contractRule(t: TFunction, field: z.ZodType, toValue: (value: unknown) => unknown = (value) => value): Rule {
  return {
    validator: async (_, value: unknown) => {
      const result = field.safeParse(toValue(value));
      if (!result.success) throw new Error(keyText(t, result.error.issues[0]?.message ?? ''));
    },
  };
}

/**
 * A refused save: VALIDATION_FAILED issues go under their fields (route validation names them
 * `body.<field>`). Returns false when nothing matched a field (the api toast already spoke).
 */
export function showServerErrors(t: TFunction, form: FormInstance, error: unknown): boolean {
  const names = new Set(Object.keys(form.getFieldsValue() as object));
  const fields = formFields(serverFieldErrors(error, { field: (path) => (names.has(path) ? path : undefined), text: (issue) => keyText(t, issue.message) }));
  form.setFields(fields);
  return fields.length > 0;
}
