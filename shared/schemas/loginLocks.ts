import { z } from 'zod';
import { text } from './text';

/** One lock in force (GET /api/login-locks): a pair, an account or an address past its limit. */
export const loginLockSchema = z.object({
  scope: z.enum(['account-address', 'account', 'address']),
  /** Lower-cased name as typed; '' for an address lock. */
  username: z.string(),
  /** Client address (IPv6 as its /64); '' for an account lock. */
  address: z.string(),
  failures: z.number().int(),
  /** Epoch ms. */
  lockedUntil: z.number().int(),
});
export type LoginLock = z.infer<typeof loginLockSchema>;

/** DELETE /api/login-locks: lifts the account's locks for every address. */
export const loginUnlockSchema = z.object({
  username: text().trim().min(1, 'Please enter the username').max(100),
});
export type LoginUnlock = z.infer<typeof loginUnlockSchema>;
