import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { UserCheck } from '@shared/api/usersApi';
import type { UserCheckResult } from '@shared/schemas/user';
import { isPasswordShaped, passwordIssue, repeatPasswordIssue, USER_MESSAGES, userCreateSchema } from '@shared/schemas/userAdmin';

/**
 * The dialog's on-blur rules (spec §5). Every check comes from shared/schemas/userAdmin.ts, the same
 * schema the server parses, so the message under a field is the one a refused save would carry.
 */
const shape = userCreateSchema.shape;
type ShapeField = keyof typeof shape;

/** The first message the shared schema gives for one field's value, or null when it passes. */
export function shapeIssue(field: ShapeField, value: unknown): string | null {
  const result = shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Looks a username or e-mail up; null when nobody holds it (or the lookup failed: the server re-checks on save). */
export type UserLookup = (query: UserCheck) => Promise<UserCheckResult>;

const reject = (t: TFunction, message: string | null) => (message ? Promise.reject(new Error(t(message, { defaultValue: message }))) : Promise.resolve());

/** Someone other than the edited user (ownId) holds it. */
async function takenByOther(lookup: UserLookup, query: UserCheck, ownId: number | undefined): Promise<boolean> {
  const found = await lookup(query).catch(() => null);
  return found !== null && found._id !== ownId;
}

/** Any check of one value: the message or null. */
const rule = (t: TFunction, issue: (value: unknown) => string | null | Promise<string | null>): FormRule => ({
  validator: async (_rule, value: unknown) => reject(t, await issue(value)),
});

export function usernameRules(t: TFunction, lookup: UserLookup, ownId?: number): FormRule[] {
  return [
    rule(t, async (value) => {
      const shaped = shapeIssue('username', value);
      if (shaped) return shaped;
      const taken = await takenByOther(lookup, { username: String(value).trim() }, ownId);
      return taken ? USER_MESSAGES.usernameTaken : null;
    }),
  ];
}

/** Create only: the e-mail is read-only afterwards (spec §5). */
export function emailRules(t: TFunction, lookup: UserLookup): FormRule[] {
  return [
    rule(t, async (value) => {
      const shaped = shapeIssue('email', value);
      if (shaped) return shaped;
      return (await takenByOther(lookup, { email: String(value).trim() }, undefined)) ? USER_MESSAGES.emailTaken : null;
    }),
  ];
}

export const trueNameRules = (t: TFunction): FormRule[] => [rule(t, (value) => shapeIssue('trueName', value))];

/** Required on create and in the password dialog; measured against the username (spec §5). */
export function passwordRules(t: TFunction, username: () => string): FormRule[] {
  return [rule(t, (value) => (value ? passwordIssue(String(value), username()) : USER_MESSAGES.passwordRequired))];
}

export function repeatPasswordRules(t: TFunction, password: () => string): FormRule[] {
  return [rule(t, (value) => repeatPasswordIssue(password(), typeof value === 'string' ? value : ''))];
}

export const rolesRules = (t: TFunction): FormRule[] => [rule(t, (value) => (Array.isArray(value) && value.length > 0 ? null : USER_MESSAGES.rolesRequired))];

/** Each entry of a tags input against the schema (a bad one names the list's message). */
export const pushEmailsRules = (t: TFunction): FormRule[] => [rule(t, (value) => shapeIssue('pushEmails', value ?? []))];
export const pushPhonesRules = (t: TFunction): FormRule[] => [rule(t, (value) => shapeIssue('pushPhones', value ?? []))];

export const mqttPasswordRules = (t: TFunction): FormRule[] => [
  rule(t, (value) => (!value || isPasswordShaped(String(value)) ? null : USER_MESSAGES.mqttPasswordFormat)),
];

export const smsCountRules = (t: TFunction): FormRule[] => [rule(t, (value) => shapeIssue('smsCount', value ?? 0))];
