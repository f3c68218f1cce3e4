import { sql, type Kysely } from 'kysely';
import type { Database, LoginAttemptsTable } from '../db/schema';

export type ThrottleScope = LoginAttemptsTable['scope'];

export interface ThrottlePolicy {
  windowMs: number;
  /** Password checks allowed per window and scope; the attempt past it is refused until the window ends. */
  limits: Record<ThrottleScope, number>;
}

/**
 * An attacker at one address gets 5 guesses at an account; the account itself locks (for everyone) only
 * after 50 guesses from anywhere, and one address gets 30 guesses whatever names it tries.
 */
export const DEFAULT_THROTTLE: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  limits: { 'account-address': 5, address: 30, account: 50 },
};

/** Narrowest first: an attempt refused by its pair never counts against the account or the address. */
const SCOPES: readonly ThrottleScope[] = ['account-address', 'address', 'account'];

interface Held {
  scope: ThrottleScope;
  username: string;
  address: string;
  windowStartedAt: number;
}

export type Reservation = { allowed: true; held: readonly Held[] } | { allowed: false; scope: ThrottleScope; retryAfterMs: number };

export interface LoginLock {
  scope: ThrottleScope;
  username: string;
  address: string;
  failures: number;
  lockedUntil: number;
}

/**
 * Login attempts, counted before the password is checked, in the database so several server processes
 * count together. Each count is one atomic upsert (no read-modify-write), so parallel guesses cannot all
 * read "unlocked": the count handed back decides whether this attempt may check a password.
 */
export class LoginThrottle {
  private lastPurge = 0;

  constructor(
    private readonly db: Kysely<Database>,
    readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
  ) {}

  /** Counts the attempt in every scope, narrowest first; refused at the first scope over its limit. */
  async reserve(username: string, clientAddress: string, now = Date.now()): Promise<Reservation> {
    await this.purgeExpired(now);
    const name = username.toLowerCase();
    const held: Held[] = [];
    for (const scope of SCOPES) {
      const key = { scope, username: scope === 'address' ? '' : name, address: scope === 'account' ? '' : clientAddress };
      const counted = await this.count(key, now);
      if (counted.attempts > this.policy.limits[scope]) {
        // Hand back what this attempt took from the wider scopes: it checks no password.
        await this.release(held);
        return { allowed: false, scope, retryAfterMs: Math.max(1000, counted.window_started_at + this.policy.windowMs - now) };
      }
      held.push({ ...key, windowStartedAt: counted.window_started_at });
    }
    return { allowed: true, held };
  }

  /**
   * The password was right: the pair starts afresh, and the attempt is handed back to the account and the
   * address (people behind one address signing in are no attack). Earlier failures of the account stay.
   */
  async succeeded(reservation: Extract<Reservation, { allowed: true }>): Promise<void> {
    const pair = reservation.held.find((h) => h.scope === 'account-address');
    if (pair) {
      await this.db
        .deleteFrom('login_attempts')
        .where('scope', '=', pair.scope)
        .where('username', '=', pair.username)
        .where('address', '=', pair.address)
        .execute();
    }
    await this.release(reservation.held.filter((h) => h.scope !== 'account-address'));
  }

  /** Scopes past their limit whose window has not ended, longest lock first. */
  async locks(now = Date.now()): Promise<LoginLock[]> {
    const rows = await this.db
      .selectFrom('login_attempts')
      .selectAll()
      .where('window_started_at', '>', now - this.policy.windowMs)
      .execute();
    return rows
      .filter((row) => row.attempts >= this.policy.limits[row.scope])
      .map((row) => ({
        scope: row.scope,
        username: row.username,
        address: row.address,
        failures: Math.min(row.attempts, this.policy.limits[row.scope]),
        lockedUntil: row.window_started_at + this.policy.windowMs,
      }))
      .sort((a, b) => b.lockedUntil - a.lockedUntil);
  }

  /** Forgets an account's counts, for every address; answers how many locks that lifted. */
  async unlock(username: string, now = Date.now()): Promise<number> {
    const name = username.toLowerCase();
    const lifted = (await this.locks(now)).filter((lock) => lock.scope !== 'address' && lock.username === name).length;
    await this.db.deleteFrom('login_attempts').where('scope', 'in', ['account-address', 'account']).where('username', '=', name).execute();
    return lifted;
  }

  /**
   * One statement: a fresh window when the old one ended, else one more attempt. The attempt that reaches
   * the limit restarts the window, so the lock lasts a full window after the last password checked
   * (never more than `limit` checks in any window). Counts stop one past the limit.
   */
  private count(key: Omit<Held, 'windowStartedAt'>, now: number): Promise<{ attempts: number; window_started_at: number }> {
    const limit = this.policy.limits[key.scope];
    const ended = now - this.policy.windowMs;
    return this.db
      .insertInto('login_attempts')
      .values({ ...key, attempts: 1, window_started_at: now })
      .onConflict((conflict) =>
        conflict.columns(['scope', 'username', 'address']).doUpdateSet({
          attempts: sql<number>`case when login_attempts.window_started_at <= ${ended} then 1
            when login_attempts.attempts > ${limit} then login_attempts.attempts
            else login_attempts.attempts + 1 end`,
          window_started_at: sql<number>`case when login_attempts.window_started_at <= ${ended} then ${now}
            when login_attempts.attempts + 1 = ${limit} then ${now}
            else login_attempts.window_started_at end`,
        }),
      )
      .returning(['attempts', 'window_started_at'])
      .executeTakeFirstOrThrow();
  }

  /** Takes one attempt back from each count, if its window is still the one the attempt was counted in. */
  private async release(held: readonly Held[]): Promise<void> {
    for (const h of held) {
      await this.db
        .updateTable('login_attempts')
        .set({ attempts: sql<number>`attempts - 1` })
        .where('scope', '=', h.scope)
        .where('username', '=', h.username)
        .where('address', '=', h.address)
        .where('window_started_at', '=', h.windowStartedAt)
        .where('attempts', '>', 0)
        .execute();
    }
  }

  /** Rows of ended windows lock nothing; unknown names would otherwise pile up. At most once a minute. */
  private async purgeExpired(now: number): Promise<void> {
    if (now - this.lastPurge < 60_000) return;
    this.lastPurge = now;
    await this.db
      .deleteFrom('login_attempts')
      .where('window_started_at', '<=', now - this.policy.windowMs)
      .execute();
  }
}
