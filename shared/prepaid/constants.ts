/**
 * The prepaid and billing vocabulary shared by the server, the console, the member page and the wall widgets.
 * Money is always integer minor units (fen, cents); a balance is the sum of an account's ledger entries.
 */

/** prepaid: charged hourly from the balance, cut off at the credit limit; postpaid: billed monthly with a due day. */
export const BILLING_MODES = ['prepaid', 'postpaid'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/**
 * What an account is charged for (/pay/user-item):
 * - energy: a meter energy type priced per band by a tariff, charged each hour;
 * - fixed_daily / fixed_monthly: a fee charged at the first hour of each local day / month (service, property fees);
 * - service_ratio: basis points of every top-up kept as a service fee (at most one active per account).
 */
export const ITEM_KINDS = ['energy', 'fixed_daily', 'fixed_monthly', 'service_ratio'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** Ledger entry kinds. Credits (positive): topup, refund reversal never exists — a refund is a debit. */
export const ENTRY_KINDS = ['topup', 'service_fee', 'charge', 'fee', 'refund', 'adjustment'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const PAYMENT_CHANNELS = ['cash', 'transfer', 'wechat'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];
/** Counter channels an operator takes in person (reconciled against the operator's cash-up). */
export const COUNTER_CHANNELS = ['cash', 'transfer'] as const;

/** created: order made, not paid; unknown: the provider's answer is pending, queried until it settles. */
export const PAYMENT_STATES = ['created', 'paid', 'closed', 'unknown', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const REFUND_STATES = ['processing', 'success', 'failed', 'unknown'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** Supply state of an account's meters as the last command left it. */
export const SUPPLY_STATES = ['on', 'cutting', 'cut', 'restoring', 'unknown'] as const;
export type SupplyState = (typeof SUPPLY_STATES)[number];

export const COMMAND_ACTIONS = ['cut', 'restore'] as const;
export type CommandAction = (typeof COMMAND_ACTIONS)[number];
export const COMMAND_STATES = ['pending', 'sent', 'acked', 'failed', 'unknown', 'superseded'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** balance: the balance reached the cut-off; topup: a top-up brought it back; operator: by hand with a reason. */
export const COMMAND_CAUSES = ['balance', 'topup', 'operator'] as const;
export type CommandCause = (typeof COMMAND_CAUSES)[number];

/** The downlink a gateway subscribes to and the topic it answers on (documented in /api/asyncapi.json). */
export const commandTopic = (gatewaySn: string): string => `gateways/${gatewaySn}/commands`;
export const commandAckTopic = (gatewaySn: string): string => `gateways/${gatewaySn}/commands/ack`;
/** No ack within this → resend, after COMMAND_RETRY_DELAYS_MS; when they are used up the command is `unknown`. */
export const COMMAND_ACK_TIMEOUT_MS = 10_000;
export const COMMAND_RETRY_DELAYS_MS = [10_000, 30_000, 60_000] as const;

/** 0 normal, 1 under level 1, 2 under level 2, 3 arrears (at or below minus the credit limit). */
export const BALANCE_LEVELS = { normal: 0, alarm1: 1, alarm2: 2, arrears: 3 } as const;
export type BalanceLevel = (typeof BALANCE_LEVELS)[keyof typeof BALANCE_LEVELS];

/** Room states on the wall (prepaid overview widget), one per account, first match in this order. */
export const ROOM_STATES = ['cut', 'keepSupply', 'noData', 'arrears', 'alarm2', 'alarm1', 'normal'] as const;
export type RoomState = (typeof ROOM_STATES)[number];
/** A room whose meters sent nothing for this long is `noData`. */
export const ROOM_NO_DATA_MS = 2 * 3600_000;

export const BILL_KINDS = ['statement', 'invoice'] as const;
export type BillKind = (typeof BILL_KINDS)[number];
export const BILL_STATES = ['issued', 'paid', 'overdue'] as const;
export type BillState = (typeof BILL_STATES)[number];
/** A postpaid invoice is due this many days after its month ends. */
export const INVOICE_DUE_DAYS = 15;

export const RECONCILIATION_KINDS = ['missing_in_ledger', 'missing_at_provider', 'amount_mismatch', 'cash_mismatch'] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

/** Member sign-in: a 6-digit SMS code lives 5 minutes, 5 tries; one code per phone per minute. */
export const MEMBER_CODE_TTL_MS = 5 * 60_000;
export const MEMBER_CODE_MAX_TRIES = 5;
export const MEMBER_CODE_RESEND_MS = 60_000;
/** The mobile member page (public route, outside the console's menu). */
export const MEMBER_PAGE_PATH = '/member';

/** The alarm kind of low balances (the alarm engine's records and counters). */
export const BALANCE_ALARM_KIND = 'balance';
