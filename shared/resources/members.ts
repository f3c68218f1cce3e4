import { z } from 'zod';
import { multilineText } from '../schemas/text';
import { defineResource } from './defineResource';
import { memberTexts } from './members.texts';
import { requiredText, RULE_MESSAGES } from './rules';

/** Who pays for a room: a person or a company. */
export const MEMBER_KINDS = ['person', 'company'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

export const MEMBER_PHONE_MESSAGE = 'Enter a mobile number (11 digits starting with 1, or +country code and number)';
export const MEMBER_EMAIL_MESSAGE = 'Enter an e-mail address such as name@example.com';

/**
 * The phone a member signs in with on the member page and receives low-balance texts on: a mainland mobile
 * number or an international one in E.164 (the member page's sign-in rule), or '' for none.
 */
const phone = z
  .string({ error: RULE_MESSAGES.required })
  .trim()
  .refine((value) => value === '' || /^(1\d{10}|\+\d{7,15})$/.test(value), MEMBER_PHONE_MESSAGE)
  .default('');
const email = z
  .string({ error: RULE_MESSAGES.required })
  .trim()
  .max(120, RULE_MESSAGES.tooLong)
  .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), MEMBER_EMAIL_MESSAGE)
  .default('');

export const memberSchema = z.object({
  code: requiredText(),
  name: requiredText(100),
  kind: z.enum(MEMBER_KINDS, { error: RULE_MESSAGES.choose }),
  phone,
  email,
  remark: multilineText({ error: RULE_MESSAGES.required }).trim().max(500, RULE_MESSAGES.tooLong).default(''),
});

/**
 * Members (/pay/member): the people or companies who pay for rooms, with the phone and e-mail their
 * low-balance pushes and member-page sign-in use. A member holding an open account is not deleted
 * (server/prepaid/accounts/memberHooks.ts). Several members may share a phone (a person renting two rooms
 * under two contracts); the member page then shows the rooms of all of them.
 */
export const memberResource = defineResource({
  name: 'member',
  path: 'members',
  table: 'members',
  menu: '/pay/member',
  // The prepaid pages render it themselves (console/src/pages/prepaid/).
  screen: false,
  schema: memberSchema,
  fields: [
    { name: 'code', kind: 'text', unique: true, search: true },
    { name: 'name', kind: 'text', search: true },
    { name: 'kind', kind: 'enum', values: MEMBER_KINDS },
    { name: 'phone', kind: 'text', search: true },
    { name: 'email', kind: 'text', search: true },
    { name: 'remark', kind: 'multiline', hideInList: true },
  ],
  listFilters: [{ name: 'kind', kind: 'enum', values: MEMBER_KINDS }],
  orderBy: ['code'],
  optionLabel: ['code', 'name'],
  texts: memberTexts,
  sample: ({ mark }) => ({
    code: `${mark}-MEM1`,
    name: `${mark} tenant`,
    kind: 'company',
    phone: '13800000009',
    email: `${mark.toLowerCase()}@example.test`,
    remark: '',
  }),
});
