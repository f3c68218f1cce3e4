import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { CONTACT_MESSAGES_TEXT } from '@shared/schemas/inquiry';

const RULE_KEYS: Record<string, string> = {
  [CONTACT_MESSAGES_TEXT.required]: 'inquiry.rules.required',
  [CONTACT_MESSAGES_TEXT.tooLong]: 'inquiry.rules.tooLong',
  [CONTACT_MESSAGES_TEXT.email]: 'inquiry.rules.email',
};

/** An antd rule that checks a field on blur with the same schema the server runs, in the reader's language. */
export function schemaRule(t: TFunction, schema: z.ZodObject, field: string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = (schema.shape[field] as z.ZodType).safeParse(value ?? '');
      if (result.success) return;
      const message = result.error.issues[0]?.message ?? '';
      throw new Error(RULE_KEYS[message] ? t(RULE_KEYS[message]) : message);
    },
  };
}
