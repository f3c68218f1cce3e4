import { z } from 'zod';
import { text } from './text';
import { MAINLAND_MOBILE } from './pushes';

/**
 * User administration (/settings/user, spec §2 user dialog, §3, §5). The rules live here once:
 * the console's dialog runs them on blur and the server runs the same schemas, so both refuse with the
 * same message. Messages are catalogue keys (the spec names them: 'rules.username_isUserName',
 * 'users.ph_username_err' …); the console shows `t(message)`, the API sends the key.
 */
export const USER_MESSAGES = {
  usernameRequired: 'users.ph_username',
  usernameFormat: 'rules.username_isUserName',
  usernameTaken: 'users.ph_username_err',
  emailRequired: 'users.ph_email',
  emailFormat: 'users.ph_email_err',
  emailTaken: 'users.email_registered',
  trueNameRequired: 'users.ph_truename',
  passwordRequired: 'users.ph_pwd',
  passwordFormat: 'rules.password_isPassword',
  passwordIsUsername: 'rules.password_notUsername',
  repeatRequired: 'users.ph_repwd',
  repeatMismatch: 'users.ph_errpwd',
  rolesRequired: 'users.ph_roles',
  pushEmail: 'users.push_email_err',
  pushPhone: 'users.push_phone_err',
  phoneTaken: 'users.phone_used',
  mqttUsernameTaken: 'users.mqtt_username_err',
  mqttPasswordFormat: 'users.mqtt_pwd_err',
  smsCount: 'users.sms_count_err',
} as const;
export type UserMessage = (typeof USER_MESSAGES)[keyof typeof USER_MESSAGES];

const m = USER_MESSAGES;

/** Spec §9. */
export const USERNAME_LENGTH = { min: 5, max: 50 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 20 } as const;
export const PASSWORD_SYMBOLS = '!$#%@&*';
/** What the dialog and the API both call e-mail shaped. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WORD_USERNAME = /^\w{5,50}$/;
const PASSWORD_CHARS = /^[A-Za-z0-9!$#%@&*]+$/;

/** Spec §5: 5–50 word characters, or an e-mail-shaped value (at most 50 characters too). */
export const isUserName = (value: string): boolean =>
  WORD_USERNAME.test(value) || (EMAIL_SHAPE.test(value) && value.length >= USERNAME_LENGTH.min && value.length <= USERNAME_LENGTH.max);

/** Spec §5 password format (the "differs from the username" rule needs both fields: see passwordIssue). */
export const isPasswordShaped = (value: string): boolean =>
  value.length >= PASSWORD_LENGTH.min &&
  value.length <= PASSWORD_LENGTH.max &&
  PASSWORD_CHARS.test(value) &&
  /[A-Z]/.test(value) &&
  /[a-z]/.test(value) &&
  /\d/.test(value) &&
  /[!$#%@&*]/.test(value);

/** The message for a password against the username, or null when it passes. Empty is handled by the caller (required only on create). */
export function passwordIssue(password: string, username: string): UserMessage | null {
  if (!isPasswordShaped(password)) return m.passwordFormat;
  if (password === username) return m.passwordIsUsername;
  return null;
}

/** The message for the repeat field, or null (spec §5: required once a password is set, must equal it). */
export function repeatPasswordIssue(password: string, repeat: string): UserMessage | null {
  if (!password) return null;
  if (!repeat) return m.repeatRequired;
  return repeat === password ? null : m.repeatMismatch;
}

/** What an MQTT account may do over the broker (spec §2 "MQTT role"): nothing, publish for its gateways, or read its tree's live data too. */
export const MQTT_ROLES = ['none', 'publisher', 'subscriber', 'both'] as const;
export type MqttRole = (typeof MQTT_ROLES)[number];

const username = text({ error: m.usernameRequired }).trim().min(1, m.usernameRequired).refine(isUserName, m.usernameFormat);
const email = text({ error: m.emailRequired }).trim().min(1, m.emailRequired).max(254, m.emailFormat).regex(EMAIL_SHAPE, m.emailFormat);
const trueName = text({ error: m.trueNameRequired }).trim().min(1, m.trueNameRequired).max(50, m.trueNameRequired);
const ids = z.array(z.number().int().positive()).max(1000);

/** The fields both create and update carry (spec §2 dialog, beyond the account fields). */
const pushAndVisibility = {
  pushEmails: z.array(text().trim().regex(EMAIL_SHAPE, m.pushEmail)).max(10).default([]),
  pushPhones: z.array(text().trim().regex(MAINLAND_MOBILE, m.pushPhone)).max(10).default([]),
  mqttRole: z.enum(MQTT_ROLES).default('none'),
  /** Empty or null: no MQTT account. Must be unused by any other user or gateway (spec §5). */
  mqttUsername: text().trim().max(64).nullable().default(null),
  /** Write-only: set to change; omitted or empty keeps the stored one. Same format as a login password. */
  mqttPassword: z.string().max(PASSWORD_LENGTH.max).optional(),
  smsCount: z.number({ error: m.smsCount }).int(m.smsCount).min(0, m.smsCount).max(100_000, m.smsCount).default(0),
  /** Visible display areas and data boards (ids). */
  displayAreaIds: ids.default([]),
  boardIds: ids.default([]),
};

function checkPasswords(
  value: { username?: string; password?: string; repeatPassword?: string; mqttPassword?: string },
  ctx: z.RefinementCtx,
  passwordRequired: boolean,
) {
  const password = value.password ?? '';
  if (!password) {
    if (passwordRequired) ctx.addIssue({ code: 'custom', path: ['password'], message: m.passwordRequired });
  } else {
    const issue = passwordIssue(password, value.username ?? '');
    if (issue) ctx.addIssue({ code: 'custom', path: ['password'], message: issue });
  }
  const repeat = repeatPasswordIssue(password, value.repeatPassword ?? '');
  if (repeat) ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: repeat });
  if (value.mqttPassword && !isPasswordShaped(value.mqttPassword)) ctx.addIssue({ code: 'custom', path: ['mqttPassword'], message: m.mqttPasswordFormat });
}

/** 0: top-level account (a user tree of its own); 1: sub-user, in the tree of its nearest top-level ancestor. */
export const ACCOUNT_TYPES = [0, 1] as const;
const accountType = z.union([z.literal(0), z.literal(1)], { error: 'users.type_err' });

/**
 * POST /api/users. `roles` is honoured only from a type-0 caller (the select is shown only to them, spec
 * §6) and must then hold at least one; other callers' sub-users get the preset default role.
 */
export const userCreateSchema = z
  .object({
    username,
    trueName,
    email,
    password: z.string().max(PASSWORD_LENGTH.max, m.passwordFormat).default(''),
    repeatPassword: z.string().max(PASSWORD_LENGTH.max).default(''),
    roles: ids.optional(),
    /** Administrators only: 0 makes a top-level account, the root of a user tree of its own (spec §3). */
    type: accountType.optional(),
    ...pushAndVisibility,
  })
  .superRefine((value, ctx) => checkPasswords(value, ctx, true));
export type UserCreate = z.input<typeof userCreateSchema>;

/**
 * PUT /api/users/:id. Email is read-only once created (spec §5) and is not accepted; `username` only from
 * an admin (others: refused with FORBIDDEN when it differs); password optional (empty keeps it).
 */
export const userUpdateSchema = z
  .object({
    username: username.optional(),
    trueName,
    password: z.string().max(PASSWORD_LENGTH.max, m.passwordFormat).default(''),
    repeatPassword: z.string().max(PASSWORD_LENGTH.max).default(''),
    roles: ids.optional(),
    /** Disabled sub-users cannot sign in (spec §4). */
    status: z.boolean().optional(),
    /** Administrators only: moves the user (and the sub-users below it) into a tree of its own, or back. */
    type: accountType.optional(),
    ...pushAndVisibility,
  })
  .superRefine((value, ctx) => checkPasswords(value, ctx, false));
export type UserUpdate = z.input<typeof userUpdateSchema>;

/** PUT /api/users/:id/password: an admin or the parent sets a new password (the user's sessions end). */
export const userPasswordSchema = z
  .object({ password: z.string().max(PASSWORD_LENGTH.max, m.passwordFormat).default(''), repeatPassword: z.string().max(PASSWORD_LENGTH.max).default('') })
  .superRefine((value, ctx) => checkPasswords(value, ctx, true));

/** GET /api/users: the caller and its descendants only, newest first. */
export const userListQuerySchema = z.object({
  email: text().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** DELETE /api/users (batch). The caller itself is never deleted; every id must be in its tree. */
export const userBatchDeleteSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });

/** A row of the user list and what the update dialog loads. Never carries password or MQTT password hashes. */
export const userRowSchema = z.object({
  _id: z.number(),
  username: z.string(),
  trueName: z.string(),
  email: z.string(),
  father: z.number().nullable(),
  type: z.number().int(),
  status: z.boolean(),
  cloudType: z.boolean(),
  roles: z.array(z.object({ _id: z.number(), name: z.string() })),
  children: z.array(z.number()),
  pushEmails: z.array(z.string()),
  pushPhones: z.array(z.string()),
  mqttRole: z.enum(MQTT_ROLES),
  mqttUsername: z.string().nullable(),
  smsCount: z.number(),
  displayAreaIds: z.array(z.number()),
  boardIds: z.array(z.number()),
  createdAt: z.number(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const userListSchema = z.object({ total: z.number(), rows: z.array(userRowSchema) });
export type UserList = z.infer<typeof userListSchema>;

/** What create answers (spec §7: code, data with _id, message). */
export const userCreatedSchema = z.object({ _id: z.number() });
