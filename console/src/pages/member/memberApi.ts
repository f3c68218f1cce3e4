import type { AxiosInstance } from 'axios';
import { envelopeData } from '@shared/api/envelopeData';
import type { TokenSource } from '@shared/api/token';
import type { BillRow, MemberMe, MemberTopupOrder, MemberUsageDay } from '@shared/prepaid';
import { MEMBER_TOKEN_KEY, type MemberCodeAnswer, type MemberLoginAnswer, type MemberPaymentStatus } from '@shared/prepaid/member';

/** The member page's API (/api/member/*). It runs on its own client with the member token, never the console's. */
export interface MemberApi {
  requestCode(phone: string): Promise<MemberCodeAnswer>;
  login(phone: string, code: string): Promise<MemberLoginAnswer>;
  me(): Promise<MemberMe>;
  usage(accountId: number, days: number): Promise<MemberUsageDay[]>;
  bills(accountId: number): Promise<BillRow[]>;
  topup(accountId: number, amountMinor: number): Promise<MemberTopupOrder>;
  payment(outTradeNo: string): Promise<MemberPaymentStatus>;
}

export function createMemberApi(http: AxiosInstance): MemberApi {
  return {
    requestCode: (phone) => envelopeData(http.post('/member/code', { phone })),
    login: (phone, code) => envelopeData(http.post('/member/login', { phone, code })),
    me: () => envelopeData(http.get('/member/me')),
    usage: (accountId, days) => envelopeData(http.get(`/member/rooms/${accountId}/usage`, { params: { days } })),
    bills: (accountId) => envelopeData(http.get(`/member/rooms/${accountId}/bills`)),
    topup: (accountId, amountMinor) => envelopeData(http.post(`/member/rooms/${accountId}/topups`, { amountMinor })),
    payment: (outTradeNo) => envelopeData(http.get(`/member/payments/${encodeURIComponent(outTradeNo)}`)),
  };
}

/** The member token lives in localStorage (the phone stays signed in for the token's week), apart from the console's cookie. */
export const memberTokenSource: TokenSource & { clear(): void } = {
  get: () => (typeof localStorage === 'undefined' ? undefined : (localStorage.getItem(MEMBER_TOKEN_KEY) ?? undefined)),
  set: (token) => localStorage.setItem(MEMBER_TOKEN_KEY, token),
  clear: () => localStorage.removeItem(MEMBER_TOKEN_KEY),
};
