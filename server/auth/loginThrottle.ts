import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface ThrottlePolicy {
  /** Failures allowed inside the window before the account locks. */
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * Failed logins per account name, in the database so several server processes count together.
 * Keyed by the name as typed (lower-cased), so guessing at unknown accounts is slowed down too.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
  ) {}

  /** Milliseconds the account stays locked, or 0. */
  async lockedFor(username: string, now = Date.now()): Promise<number> {
    const row = await this.db.selectFrom('login_throttle').select('locked_until').where('username', '=', username.toLowerCase()).executeTakeFirst();
    return row?.locked_until && row.locked_until > now ? row.locked_until - now : 0;
  }

  async recordFailure(username: string, now = Date.now()): Promise<void> {
    const key = username.toLowerCase();
    const row = await this.db.selectFrom('login_throttle').selectAll().where('username', '=', key).executeTakeFirst();
    const inWindow = row && now - row.window_started_at < this.policy.windowMs;
    const failures = inWindow ? row.failures + 1 : 1;
    const values = {
      failures,
      window_started_at: inWindow ? row.window_started_at : now,
      locked_until: failures >= this.policy.maxFailures ? now + this.policy.lockMs : null,
    };
    if (row) await this.db.updateTable('login_throttle').set(values).where('username', '=', key).execute();
    else await this.db.insertInto('login_throttle').values({ username: key, ...values }).execute();
  }

  async clear(username: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('username', '=', username.toLowerCase()).execute();
  }
}
