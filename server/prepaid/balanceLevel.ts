import { BALANCE_LEVELS, type BalanceLevel } from '@shared/prepaid';

export interface LevelThresholds {
  alarm1_minor: number;
  alarm2_minor: number;
  credit_limit_minor: number;
  /** postpaid accounts are billed monthly: no balance level, no balance alarm, never cut for the balance */
  billing_mode?: string;
}

/**
 * Where a balance stands: arrears at or below minus the credit limit (0 → at zero), else under level 2, under
 * level 1, or normal. A postpaid account is always normal: its debt is an invoice, followed up as overdue. Level 1 is the higher threshold (a first warning), level 2 the last before the cut-off.
 */
export function balanceLevelOf(balanceMinor: number, account: LevelThresholds): BalanceLevel {
  if (account.billing_mode === 'postpaid') return BALANCE_LEVELS.normal;
  if (balanceMinor <= -account.credit_limit_minor) return BALANCE_LEVELS.arrears;
  if (balanceMinor < account.alarm2_minor) return BALANCE_LEVELS.alarm2;
  if (balanceMinor < account.alarm1_minor) return BALANCE_LEVELS.alarm1;
  return BALANCE_LEVELS.normal;
}
