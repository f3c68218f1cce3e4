import type { PaymentState } from './constants';

/** Answers of the member page's own routes (/api/member/*), beside MemberMe, MemberRoom and MemberUsageDay in types.ts. */

/** POST /api/member/code. `demoCode` only in the demo (SEED_DEMO on) while no SMS provider is set up. */
export interface MemberCodeAnswer {
  resendAfterMs: number;
  expiresInMs: number;
  demoCode?: string;
}

/** POST /api/member/login and /api/member/wechat-login: a member token, refused by every console route. */
export interface MemberLoginAnswer {
  token: string;
  expiresAt: number;
}

/** GET /api/member/payments/:outTradeNo: what the page polls after opening the provider's order. */
export interface MemberPaymentStatus {
  outTradeNo: string;
  accountId: number;
  amountMinor: number;
  state: PaymentState;
  paidAt: number | null;
  /** the account's balance now (after the credit once paid) */
  balanceMinor: number;
}

/** Where the member page keeps its token (sessionStorage key): apart from the console's Admin-Token. */
export const MEMBER_TOKEN_KEY = 'member-token';
/** Top-up amounts offered as buttons (minor units); the member may type another. */
export const MEMBER_TOPUP_PRESETS_MINOR = [5000, 10000, 20000, 50000] as const;
