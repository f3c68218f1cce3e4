import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import type { Page } from '@shared/api/energyApi';
import { envelopeData } from '@shared/api/envelopeData';
import type { Envelope } from '@shared/errors/envelope';
import type { RoomState, SupplyState } from '@shared/prepaid/constants';
import type { AccountItemBody, AccountOpenBody, AccountSettingsBody, SupplyAction, accountItemCreateSchema } from '@shared/prepaid/schemas';
import type {
  AccountDetail,
  AccountItem,
  AccountRow,
  DeductionHour,
  LedgerEntry,
  LedgerInvariant,
  SupplyActionResult,
  SupplyCommandRow,
} from '@shared/prepaid/types';

export interface AccountFilters {
  keyword?: string;
  state?: RoomState;
  supply?: SupplyState;
}
export interface DeductionFilters {
  accountId?: number;
  keyword?: string;
  from?: number;
  to?: number;
}
export interface PageQuery {
  page: number;
  size: number;
}
export type AccountItemCreateBody = z.input<typeof accountItemCreateSchema>;

/** The prepaid accounts, items, deductions and supply API (server/modules/prepaidAccounts, prepaidDeductions, prepaidSupply). */
export interface PrepaidApi {
  accounts(query: AccountFilters & PageQuery): Promise<Page<AccountRow>>;
  account(id: number): Promise<AccountDetail>;
  open(body: AccountOpenBody): Promise<AccountDetail>;
  update(id: number, body: AccountSettingsBody): Promise<AccountDetail>;
  close(id: number, reason: string): Promise<unknown>;
  adjust(id: number, body: { amountMinor: number; reason: string }): Promise<LedgerEntry>;
  ledger(id: number, query: PageQuery): Promise<Page<LedgerEntry>>;
  items(accountId?: number): Promise<AccountItem[]>;
  createItem(body: AccountItemCreateBody): Promise<AccountItem>;
  updateItem(id: number, body: AccountItemBody): Promise<AccountItem>;
  deactivateItem(id: number): Promise<unknown>;
  invariant(): Promise<LedgerInvariant>;
  deductions(query: DeductionFilters & PageQuery): Promise<Page<DeductionHour>>;
  supply(body: { accountIds: number[]; action: SupplyAction; reason: string }): Promise<SupplyActionResult[]>;
  commands(query: { accountId?: number } & PageQuery): Promise<Page<SupplyCommandRow>>;
}

const params = (query: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''));

/** The server's `{ list, total }` as the list kit's `{ rows, total }`. */
const pageOf = async <T>(request: Promise<{ data: Envelope<{ list: T[]; total: number }> }>): Promise<Page<T>> => {
  const data = await envelopeData(request);
  return { rows: data.list, total: data.total };
};

export function createPrepaidApi(http: AxiosInstance): PrepaidApi {
  return {
    accounts: (query) => pageOf(http.get('/prepaid/accounts', { params: params(query) })),
    account: (id) => envelopeData(http.get(`/prepaid/accounts/${id}`)),
    open: (body) => envelopeData(http.post('/prepaid/accounts', body)),
    update: (id, body) => envelopeData(http.put(`/prepaid/accounts/${id}`, body)),
    close: (id, reason) => envelopeData(http.post(`/prepaid/accounts/${id}/close`, { reason })),
    adjust: (id, body) => envelopeData(http.post(`/prepaid/accounts/${id}/adjustments`, body)),
    ledger: (id, query) => pageOf(http.get(`/prepaid/accounts/${id}/ledger`, { params: params(query) })),
    items: (accountId) => envelopeData(http.get('/prepaid/items', { params: params({ accountId }) })),
    createItem: (body) => envelopeData(http.post('/prepaid/items', body)),
    updateItem: (id, body) => envelopeData(http.put(`/prepaid/items/${id}`, body)),
    deactivateItem: (id) => envelopeData(http.delete(`/prepaid/items/${id}`)),
    invariant: () => envelopeData(http.get('/prepaid/invariant')),
    deductions: (query) => pageOf(http.get('/prepaid/deductions', { params: params(query) })),
    supply: (body) => envelopeData(http.post('/prepaid/supply', body)),
    commands: (query) => pageOf(http.get('/prepaid/commands', { params: params(query) })),
  };
}
