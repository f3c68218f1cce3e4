import type { BandType } from '../tariffs/bands';
import type {
  BillingMode,
  BillKind,
  BillState,
  CommandAction,
  CommandCause,
  CommandState,
  EntryKind,
  ItemKind,
  PaymentChannel,
  PaymentState,
  ReconciliationKind,
  RefundState,
  RoomState,
  SupplyState,
  BalanceLevel,
} from './constants';

/** Answers of the prepaid API. Money in integer minor units, times epoch ms, days and months in TIME_ZONE. */

export interface AccountItem {
  id: number;
  accountId: number;
  kind: ItemKind;
  name: string;
  energyType: string | null;
  tariffId: number | null;
  tariffName: string | null;
  amountMinor: number;
  ratioBp: number;
  active: boolean;
  /** the account's room (lists across accounts on /pay/user-item) */
  roomCode?: string;
}

/** One row of /pay/room's account list (and the wall's room list). */
export interface AccountRow {
  id: number;
  roomId: number;
  roomCode: string;
  building: string;
  floor: string;
  number: string;
  departmentName: string | null;
  memberId: number | null;
  memberName: string | null;
  billingMode: BillingMode;
  currency: string;
  balanceMinor: number;
  balanceLevel: BalanceLevel;
  alarm1Minor: number;
  alarm2Minor: number;
  creditLimitMinor: number;
  noCutFrom: string | null;
  noCutTo: string | null;
  noCutWeekends: boolean;
  noCutHolidays: boolean;
  keepSupply: boolean;
  supplyState: SupplyState;
  roomState: RoomState;
  /** balance ÷ the average daily charge of the last 7 days; null when nothing was charged */
  daysLeft: number | null;
  chargedUntil: number;
  state: 'open' | 'closed';
  openedAt: number;
}

export interface RoomMeter {
  meterId: number;
  meterCode: string;
  meterName: string;
  energyType: string;
  gatewaySn: string | null;
  fromTs: number;
  toTs: number | null;
}

export interface AccountEvent {
  id: number;
  at: number;
  what: string;
  detail: Record<string, unknown>;
  operator: string;
}

export interface AccountDetail extends AccountRow {
  items: AccountItem[];
  meters: RoomMeter[];
  events: AccountEvent[];
}

export interface LedgerEntry {
  id: number;
  accountId: number;
  kind: EntryKind;
  amountMinor: number;
  balanceAfterMinor: number;
  hourStart: number | null;
  itemId: number | null;
  itemName: string | null;
  band: BandType | null;
  energyMilli: number | null;
  paymentId: number | null;
  reason: string;
  operator: string;
  createdAt: number;
}

/** /pay/power-hour-record: one charged room-hour with its entries (adjustments included). */
export interface DeductionHour {
  accountId: number;
  roomCode: string;
  memberName: string | null;
  hourStart: number;
  energyMilli: number;
  amountMinor: number;
  adjustments: number;
  chargedAt: number;
  lines: { itemId: number | null; itemName: string | null; kind: EntryKind; band: BandType | null; energyMilli: number | null; amountMinor: number }[];
}

export interface PaymentRow {
  id: number;
  accountId: number;
  roomCode: string;
  memberName: string | null;
  channel: PaymentChannel;
  outTradeNo: string;
  providerTxnId: string | null;
  amountMinor: number;
  serviceFeeMinor: number;
  refundedMinor: number;
  state: PaymentState;
  operator: string;
  receiptNo: string | null;
  note: string;
  createdAt: number;
  paidAt: number | null;
}

/** What a printed counter receipt shows (the console prints it; nothing here is HTML). */
export interface Receipt {
  receiptNo: string;
  siteName: string;
  roomCode: string;
  building: string;
  memberName: string | null;
  channel: PaymentChannel;
  amountMinor: number;
  serviceFeeMinor: number;
  creditedMinor: number;
  balanceAfterMinor: number;
  currency: string;
  operator: string;
  paidAt: number;
}

export interface RefundRow {
  id: number;
  paymentId: number;
  outRefundNo: string;
  amountMinor: number;
  state: RefundState;
  reason: string;
  operator: string;
  createdAt: number;
  doneAt: number | null;
}

export interface SupplyCommandRow {
  id: number;
  commandId: string;
  accountId: number;
  roomCode: string;
  meterCode: string;
  gatewaySn: string;
  action: CommandAction;
  state: CommandState;
  attempts: number;
  cause: CommandCause;
  reason: string;
  operator: string;
  result: string;
  createdAt: number;
  sentAt: number | null;
  ackedAt: number | null;
}

/** Per-account outcome of a batch supply action: done, or why not (keep-supply, no meter with a gateway…). */
export interface SupplyActionResult {
  accountId: number;
  ok: boolean;
  message: string;
  commandIds: string[];
}

export interface BillLine {
  itemId: number | null;
  name: string;
  kind: EntryKind;
  band: BandType | null;
  energyMilli: number;
  amountMinor: number;
}

/**
 * A monthly statement (prepaid) or invoice (postpaid). Charges, fees (fixed and top-up service fees) and refunds are
 * positive amounts taken from the balance, top-ups positive, adjustments signed (credits positive):
 * closing = opening + top-ups − charges − fees − refunds + adjustments. A line's amount is what was charged
 * (an adjustment handing money back is negative). An invoice asks for −closing when that is above 0.
 */
export interface BillRow {
  id: number;
  accountId: number;
  roomCode: string;
  memberName: string | null;
  month: string;
  kind: BillKind;
  openingMinor: number;
  chargesMinor: number;
  feesMinor: number;
  topupsMinor: number;
  refundsMinor: number;
  adjustmentsMinor: number;
  closingMinor: number;
  lines: BillLine[];
  dueDay: string | null;
  state: BillState;
  paidAt: number | null;
  createdAt: number;
}

/** /payment-statistics/*: rows keyed by what they are grouped by, plus the total. */
export interface ConsumptionStatsRow {
  key: string;
  label: string;
  energyMilli: number;
  chargesMinor: number;
  feesMinor: number;
}
export interface ChargingStatsRow {
  key: string;
  label: string;
  count: number;
  amountMinor: number;
  serviceFeeMinor: number;
  refundedMinor: number;
}
export interface BillStatsRow {
  month: string;
  issued: number;
  paid: number;
  overdue: number;
  chargesMinor: number;
  outstandingMinor: number;
}
/** GET /api/prepaid/stats/consumption: rows by the grouping asked for and their sum (`key` 'total'). */
export interface ConsumptionStats {
  rows: ConsumptionStatsRow[];
  total: ConsumptionStatsRow;
}
/** GET /api/prepaid/stats/charging. */
export interface ChargingStats {
  rows: ChargingStatsRow[];
  total: ChargingStatsRow;
}
/** GET /api/prepaid/stats/bills: one row per month of the range, zeros included. */
export interface BillStats {
  rows: BillStatsRow[];
}
/** POST /api/prepaid/bills/issue: bills written now, and accounts of the month that had theirs already. */
export interface BillIssueResult {
  month: string;
  issued: number;
  existing: number;
}

export interface ReconciliationDay {
  day: string;
  state: 'done' | 'failed';
  providerCount: number;
  providerMinor: number;
  ledgerCount: number;
  ledgerMinor: number;
  differences: number;
  error: string;
  runAt: number;
}
export interface ReconciliationItem {
  id: number;
  day: string;
  kind: ReconciliationKind;
  outTradeNo: string | null;
  providerTxnId: string | null;
  paymentId: number | null;
  ledgerMinor: number | null;
  providerMinor: number | null;
  reason: string;
  state: 'open' | 'resolved';
  resolution: string;
  resolvedBy: string | null;
  resolvedAt: number | null;
}
export interface CashUpRow {
  id: number;
  operator: string;
  day: string;
  declaredMinor: number;
  ledgerMinor: number;
  differenceMinor: number;
  note: string;
  createdAt: number;
}

/** GET /api/prepaid/invariant: balances equal ledger sums and no entry lacks its account. */
export interface LedgerInvariant {
  ok: boolean;
  accounts: number;
  entries: number;
  mismatches: { accountId: number; roomCode: string; balanceMinor: number; ledgerSumMinor: number }[];
  orphanEntries: number;
  /** hours charged twice (never expected: the primary key forbids it) */
  duplicateHours: number;
  /** entries whose balance_after is not the running sum of their account's entries in id order (first 20 shown) */
  runningMismatches: { accountId: number; entryId: number; balanceAfterMinor: number; runningSumMinor: number }[];
  runningMismatchCount: number;
  checkedAt: number;
}

/** GET /api/wx/app: secrets never come back, only whether one is stored. */
export interface WxAppSettings {
  appId: string;
  mchId: string;
  merchantSerialNo: string;
  baseUrl: string;
  notifyUrl: string;
  enabled: boolean;
  appSecretSet: boolean;
  apiV3KeySet: boolean;
  privateKeySet: boolean;
  platformPublicKeySet: boolean;
  updatedAt: number | null;
}
export interface WxUserRow {
  id: number;
  openid: string;
  nickname: string;
  memberId: number | null;
  memberName: string | null;
  boundAt: number | null;
  createdAt: number;
}

/** The wall: rooms per state and today's top-ups (prepaid overview widget). */
export interface PrepaidOverview {
  states: Record<RoomState, number>;
  rooms: number;
  todayTopupsMinor: number;
  todayTopupCount: number;
  currency: string;
  at: number;
}

/** The member page. */
export interface MemberRoom {
  accountId: number;
  roomCode: string;
  building: string;
  balanceMinor: number;
  balanceLevel: BalanceLevel;
  supplyState: SupplyState;
  daysLeft: number | null;
  currency: string;
}
export interface MemberMe {
  memberIds: number[];
  name: string;
  phone: string;
  rooms: MemberRoom[];
}
export interface MemberUsageDay {
  day: string;
  energyMilli: number;
  chargesMinor: number;
}
/** POST /api/member/rooms/:accountId/topups: the provider order to pay (JSAPI parameters or a code URL). */
export interface MemberTopupOrder {
  outTradeNo: string;
  amountMinor: number;
  codeUrl: string | null;
  prepayId: string | null;
}
