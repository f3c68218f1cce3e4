import { z } from 'zod';
import { BAND_TYPES, ENERGY_TYPES_PRICED } from '../tariffs/bands';
import { monthText } from '../schemas/settlement';
import { text, multilineText } from '../schemas/text';
import {
  BILL_STATES,
  BILLING_MODES,
  COMMAND_STATES,
  ENTRY_KINDS,
  ITEM_KINDS,
  PAYMENT_CHANNELS,
  PAYMENT_STATES,
  RECONCILIATION_KINDS,
  ROOM_STATES,
  SUPPLY_STATES,
} from './constants';

/**
 * Request bodies and queries of the prepaid API (/api/prepaid/*, /api/wx/*, /api/member/*). Money is integer
 * minor units everywhere (`…Minor`); the console converts what people type ("100.50") before sending.
 */

const id = z.coerce.number().int().positive();
const epochMs = z.coerce.number().int().min(0, 'must be a time (epoch ms)');
/** Up to 10 000 000.00 in one go: no meter top-up or fee comes near; a typo with extra zeros is refused (and amounts stay 32-bit on PostgreSQL). */
const MAX_MINOR = 1_000_000_000;
export const moneyMinor = z.number().int('must be whole minor units (fen, cents)').min(0, 'must be 0 or more').max(MAX_MINOR, 'is too large');
export const positiveMinor = z.number().int('must be whole minor units (fen, cents)').min(1, 'must be more than 0').max(MAX_MINOR, 'is too large');
const reason = text().trim().min(1, 'Give a reason').max(200);
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD');
const page = { page: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(500).default(20) };
const flagQuery = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());

/** A charging item (/pay/user-item). Energy items name a tariff of the same energy type. */
export const accountItemSchema = z
  .object({
    kind: z.enum(ITEM_KINDS),
    name: text().trim().min(1, 'required').max(64),
    energyType: z.enum(ENERGY_TYPES_PRICED).nullable().default(null),
    tariffId: id.nullable().default(null),
    amountMinor: moneyMinor.default(0),
    /** basis points: 250 = 2.5 % */
    ratioBp: z.number().int().min(0).max(5000, 'must be at most 5000 (50 %)').default(0),
  })
  .superRefine((item, ctx) => {
    if (item.kind === 'energy') {
      if (item.energyType === null) ctx.addIssue({ code: 'custom', path: ['energyType'], message: 'An energy item needs an energy type' });
      if (item.tariffId === null) ctx.addIssue({ code: 'custom', path: ['tariffId'], message: 'An energy item needs a tariff' });
    }
    if ((item.kind === 'fixed_daily' || item.kind === 'fixed_monthly') && item.amountMinor <= 0)
      ctx.addIssue({ code: 'custom', path: ['amountMinor'], message: 'A fixed fee needs an amount above 0' });
    if (item.kind === 'service_ratio' && item.ratioBp <= 0) ctx.addIssue({ code: 'custom', path: ['ratioBp'], message: 'A service-fee ratio must be above 0' });
  });
export type AccountItemBody = z.infer<typeof accountItemSchema>;
export const accountItemCreateSchema = z.intersection(z.object({ accountId: id }), accountItemSchema);
/** GET /api/prepaid/items: one account's items, or every account's of the caller's trees. */
export const accountItemQuerySchema = z.object({ accountId: id.optional() });

/** The supply settings of an account (open and update). Level 1 is the higher threshold. */
const supplySettings = z.object({
  memberId: id.nullable().default(null),
  billingMode: z.enum(BILLING_MODES).default('prepaid'),
  alarm1Minor: moneyMinor,
  alarm2Minor: moneyMinor,
  creditLimitMinor: moneyMinor.default(0),
  noCutFrom: localTime.nullable().default(null),
  noCutTo: localTime.nullable().default(null),
  noCutWeekends: z.boolean().default(false),
  noCutHolidays: z.boolean().default(false),
  keepSupply: z.boolean().default(false),
});
const settingsRules = (value: z.infer<typeof supplySettings>, ctx: z.RefinementCtx) => {
  if (value.alarm2Minor > value.alarm1Minor) ctx.addIssue({ code: 'custom', path: ['alarm2Minor'], message: 'Level 2 must not be above level 1' });
  if ((value.noCutFrom === null) !== (value.noCutTo === null))
    ctx.addIssue({ code: 'custom', path: ['noCutTo'], message: 'Give both ends of the no-cut window, or neither' });
  if (value.noCutFrom !== null && value.noCutFrom === value.noCutTo)
    ctx.addIssue({ code: 'custom', path: ['noCutTo'], message: 'The no-cut window must not be empty' });
};
export const accountSettingsSchema = supplySettings.superRefine(settingsRules);
export type AccountSettingsBody = z.infer<typeof accountSettingsSchema>;

/** POST /api/prepaid/accounts: open an account for a room; charging starts at the current local hour. */
export const accountOpenSchema = supplySettings.extend({ roomId: id, items: z.array(accountItemSchema).max(20).default([]) }).superRefine((value, ctx) => {
  settingsRules(value, ctx);
  if (value.items.filter((item) => item.kind === 'service_ratio').length > 1)
    ctx.addIssue({ code: 'custom', path: ['items'], message: 'At most one service-fee ratio per account' });
});
export type AccountOpenBody = z.infer<typeof accountOpenSchema>;

export const accountListQuerySchema = z.object({
  ...page,
  keyword: text().max(64).optional(),
  state: z.enum(ROOM_STATES).optional(),
  supply: z.enum(SUPPLY_STATES).optional(),
  billingMode: z.enum(BILLING_MODES).optional(),
  departmentId: id.optional(),
  memberId: id.optional(),
  /** closed accounts too */
  all: flagQuery.optional(),
});

export const accountCloseSchema = z.object({ reason });
/** A correction: a new entry, signed (positive credits), never an edit. */
export const adjustmentSchema = z.object({
  amountMinor: z
    .number()
    .int('must be whole minor units (fen, cents)')
    .refine((v) => v !== 0, 'must not be 0')
    .refine((v) => Math.abs(v) <= MAX_MINOR, 'is too large'),
  reason,
});

export const ledgerQuerySchema = z.object({ ...page, from: epochMs.optional(), to: epochMs.optional(), kind: z.enum(ENTRY_KINDS).optional() });

/** GET /api/prepaid/deductions (/pay/power-hour-record): charged hours, newest first. */
export const deductionQuerySchema = z.object({
  ...page,
  accountId: id.optional(),
  keyword: text().max(64).optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
});

/** POST /api/prepaid/payments/counter: a top-up at the counter. */
export const counterTopupSchema = z.object({
  accountId: id,
  amountMinor: positiveMinor,
  channel: z.enum(['cash', 'transfer']),
  note: text().trim().max(200).default(''),
});
export const paymentQuerySchema = z.object({
  ...page,
  accountId: id.optional(),
  channel: z.enum(PAYMENT_CHANNELS).optional(),
  state: z.enum(PAYMENT_STATES).optional(),
  operator: text().max(64).optional(),
  keyword: text().max(64).optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
});
/** POST /api/prepaid/payments/:id/refunds: all or part of a paid top-up. */
export const refundSchema = z.object({ amountMinor: positiveMinor, reason });

/** POST /api/prepaid/supply: by hand, for one or many accounts, with a reason. */
export const SUPPLY_ACTIONS = ['cut', 'restore', 'keepOn', 'keepOff'] as const;
export type SupplyAction = (typeof SUPPLY_ACTIONS)[number];
export const supplyActionSchema = z.object({ accountIds: z.array(id).min(1).max(500), action: z.enum(SUPPLY_ACTIONS), reason });
export const commandQuerySchema = z.object({ ...page, accountId: id.optional(), state: z.enum(COMMAND_STATES).optional() });

export const billQuerySchema = z.object({
  ...page,
  month: monthText.optional(),
  state: z.enum(BILL_STATES).optional(),
  accountId: id.optional(),
  memberId: id.optional(),
  keyword: text().max(64).optional(),
  overdue: flagQuery.optional(),
});
/** POST /api/prepaid/bills/issue: issue (or re-issue missing) bills of a finished month. */
export const billIssueSchema = z.object({ month: monthText });

/** /payment-statistics/*: a period of local days (inclusive), grouped. */
export const STATS_CONSUMPTION_BY = ['room', 'department', 'band', 'day', 'month'] as const;
export const STATS_CHARGING_BY = ['channel', 'operator', 'day', 'month'] as const;
export const consumptionStatsQuerySchema = z.object({ from: day, to: day, by: z.enum(STATS_CONSUMPTION_BY).default('room'), departmentId: id.optional() });
export const chargingStatsQuerySchema = z.object({ from: day, to: day, by: z.enum(STATS_CHARGING_BY).default('channel') });
export const billStatsQuerySchema = z.object({ from: monthText, to: monthText });

export const reconciliationRunSchema = z.object({ day });
export const reconciliationQuerySchema = z.object({
  ...page,
  day: day.optional(),
  state: z.enum(['open', 'resolved']).optional(),
  kind: z.enum(RECONCILIATION_KINDS).optional(),
});
export const reconciliationResolveSchema = z.object({ resolution: multilineText().trim().min(1, 'Say how it was resolved').max(500) });
export const cashUpSchema = z.object({ day, declaredMinor: moneyMinor, note: text().trim().max(200).default('') });

/** PUT /api/wx/app: secrets are write-only; '' or absent keeps the stored one. */
export const wxAppSchema = z.object({
  appId: text().trim().max(64),
  mchId: text().trim().max(64),
  merchantSerialNo: text().trim().max(128).default(''),
  appSecret: text().max(256).optional(),
  apiV3Key: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.length === 32, 'The APIv3 key is 32 characters'),
  privateKeyPem: multilineText().max(8000).optional(),
  platformPublicKeyPem: multilineText().max(8000).optional(),
  baseUrl: z.union([z.literal(''), z.string().url('Enter an http(s) address').max(300)]).default(''),
  notifyUrl: z.union([z.literal(''), z.string().url('Enter an http(s) address').max(300)]).default(''),
  enabled: z.boolean().default(false),
});
export const wxUserQuerySchema = z.object({ ...page, keyword: text().max(64).optional(), bound: flagQuery.optional() });
export const wxBindSchema = z.object({ memberId: id });

/** Member page: a mainland mobile number or an international one in E.164. */
export const memberPhone = z.string().regex(/^(1\d{10}|\+\d{7,15})$/, 'Enter a mobile number');
export const memberCodeRequestSchema = z.object({ phone: memberPhone });
export const memberLoginSchema = z.object({ phone: memberPhone, code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code') });
export const memberWechatLoginSchema = z.object({ openid: text().trim().min(1).max(64) });
export const memberTopupSchema = z.object({ amountMinor: positiveMinor });
export const memberUsageQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(92).default(30) });

export { BAND_TYPES };
