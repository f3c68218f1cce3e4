import type { AxiosInstance } from 'axios';
import type { Page } from '@shared/api/energyApi';
import { envelopeData } from '@shared/api/envelopeData';
import type { AccountRow, BillIssueResult, BillRow, BillState, PaymentChannel, PaymentRow, PaymentState, Receipt, RefundRow } from '@shared/prepaid';

/** A list answer of the prepaid API is `{ list, total }`; the list kit reads `{ rows, total }`. An array is a page of its own. */
export function pageOf<R>(answer: unknown): Page<R> {
  if (Array.isArray(answer)) return { rows: answer as R[], total: answer.length };
  const value = (answer ?? {}) as { list?: R[]; rows?: R[]; total?: number };
  const rows = value.list ?? value.rows;
  return { rows: rows as R[], total: value.total ?? rows?.length ?? 0 };
}

const params = (query: object) => Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''));

export interface PaymentFilters {
  channel?: PaymentChannel;
  state?: PaymentState;
  keyword?: string;
  from?: number;
  to?: number;
}
export interface BillFilters {
  month?: string;
  state?: BillState;
  overdue?: boolean;
  keyword?: string;
}
export interface CounterTopupBody {
  accountId: number;
  amountMinor: number;
  channel: 'cash' | 'transfer';
  note: string;
}

/** The HTTP client of the payments and bills routes (/api/prepaid/payments*, /api/prepaid/bills*). */
export interface PrepaidPaymentsApi {
  payments(query: PaymentFilters & { page: number; size: number }): Promise<Page<PaymentRow>>;
  counterTopup(body: CounterTopupBody): Promise<{ payment: PaymentRow; receipt: Receipt }>;
  receipt(paymentId: number): Promise<Receipt>;
  refunds(paymentId: number): Promise<RefundRow[]>;
  refund(paymentId: number, body: { amountMinor: number; reason: string }): Promise<RefundRow>;
  queryNow(paymentId: number): Promise<PaymentRow>;
  /** Open accounts matching a keyword, for the counter's account picker. */
  accounts(keyword: string): Promise<AccountRow[]>;
  bills(query: BillFilters & { page: number; size: number }): Promise<Page<BillRow>>;
  bill(id: number): Promise<BillRow>;
  issueBills(month: string): Promise<BillIssueResult>;
}

export function createPrepaidPaymentsApi(http: AxiosInstance): PrepaidPaymentsApi {
  return {
    payments: async (query) => pageOf<PaymentRow>(await envelopeData(http.get('/prepaid/payments', { params: params(query) }))),
    counterTopup: (body) => envelopeData(http.post('/prepaid/payments/counter', body)),
    receipt: (id) => envelopeData(http.get(`/prepaid/payments/${id}/receipt`)),
    refunds: async (id) => pageOf<RefundRow>(await envelopeData(http.get(`/prepaid/payments/${id}/refunds`))).rows,
    refund: (id, body) => envelopeData(http.post(`/prepaid/payments/${id}/refunds`, body)),
    queryNow: (id) => envelopeData(http.post(`/prepaid/payments/${id}/query`, {})),
    accounts: async (keyword) =>
      pageOf<AccountRow>(await envelopeData(http.get('/prepaid/accounts', { params: params({ keyword: keyword.trim(), page: 1, size: 20 }) }))).rows.filter(
        (account) => account.state === 'open',
      ),
    bills: async ({ overdue, ...query }) =>
      pageOf<BillRow>(await envelopeData(http.get('/prepaid/bills', { params: params({ ...query, overdue: overdue ? 'true' : undefined }) }))),
    bill: (id) => envelopeData(http.get(`/prepaid/bills/${id}`)),
    issueBills: (month) => envelopeData(http.post('/prepaid/bills/issue', { month })),
  };
}
