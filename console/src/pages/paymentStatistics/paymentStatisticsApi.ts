import type { AxiosInstance } from 'axios';
import type { Page } from '@shared/api/energyApi';
import { envelopeData } from '@shared/api/envelopeData';
import type {
  BillStatsRow,
  CashUpRow,
  ChargingStatsRow,
  ConsumptionStatsRow,
  ReconciliationDay,
  ReconciliationItem,
  ReconciliationKind,
  STATS_CHARGING_BY,
  STATS_CONSUMPTION_BY,
} from '@shared/prepaid';
import { pageOf } from '../prepaidPayments/prepaidPaymentsApi';

export type ConsumptionBy = (typeof STATS_CONSUMPTION_BY)[number];
export type ChargingBy = (typeof STATS_CHARGING_BY)[number];

export interface ItemFilters {
  day?: string;
  state?: 'open' | 'resolved';
  kind?: ReconciliationKind;
}

const params = (query: object) => Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''));
/** A stats answer `{ rows }`, or a bare array. */
const rowsOf = <R>(answer: unknown): R[] => (Array.isArray(answer) ? (answer as R[]) : ((answer as { rows?: R[] } | null)?.rows ?? []));
/** `{ rows, total }` where total is the totals row (a number or nothing is dropped). */
const withTotal = <R>(answer: unknown): { rows: R[]; total?: R } => {
  const total = (answer as { total?: unknown } | null)?.total;
  return { rows: rowsOf<R>(answer), ...(total && typeof total === 'object' ? { total: total as R } : {}) };
};

/** The HTTP client of /api/prepaid/stats/*, /api/prepaid/reconciliation/* and /api/prepaid/cash-ups. */
export interface PaymentStatisticsApi {
  /** The groups and the server's totals row (absent from an older server: the screen adds the rows up). */
  consumption(query: { from: string; to: string; by: ConsumptionBy }): Promise<{ rows: ConsumptionStatsRow[]; total?: ConsumptionStatsRow }>;
  charging(query: { from: string; to: string; by: ChargingBy }): Promise<{ rows: ChargingStatsRow[]; total?: ChargingStatsRow }>;
  bills(query: { from: string; to: string }): Promise<BillStatsRow[]>;
  days(query: { page: number; size: number }): Promise<Page<ReconciliationDay>>;
  runDay(day: string): Promise<unknown>;
  items(query: ItemFilters & { page: number; size: number }): Promise<Page<ReconciliationItem>>;
  resolve(id: number, resolution: string): Promise<unknown>;
  cashUps(query: { page: number; size: number }): Promise<Page<CashUpRow>>;
  recordCashUp(body: { day: string; declaredMinor: number; note: string }): Promise<CashUpRow>;
}

export function createPaymentStatisticsApi(http: AxiosInstance): PaymentStatisticsApi {
  return {
    consumption: async (query) => withTotal<ConsumptionStatsRow>(await envelopeData(http.get('/prepaid/stats/consumption', { params: query }))),
    charging: async (query) => withTotal<ChargingStatsRow>(await envelopeData(http.get('/prepaid/stats/charging', { params: query }))),
    bills: async (query) => rowsOf(await envelopeData(http.get('/prepaid/stats/bills', { params: query }))),
    days: async (query) => pageOf<ReconciliationDay>(await envelopeData(http.get('/prepaid/reconciliation/days', { params: query }))),
    runDay: (day) => envelopeData(http.post('/prepaid/reconciliation/run', { day })),
    items: async (query) => pageOf<ReconciliationItem>(await envelopeData(http.get('/prepaid/reconciliation/items', { params: params(query) }))),
    resolve: (id, resolution) => envelopeData(http.post(`/prepaid/reconciliation/items/${id}/resolve`, { resolution })),
    cashUps: async (query) => pageOf<CashUpRow>(await envelopeData(http.get('/prepaid/cash-ups', { params: query }))),
    recordCashUp: (body) => envelopeData(http.post('/prepaid/cash-ups', body)),
  };
}
