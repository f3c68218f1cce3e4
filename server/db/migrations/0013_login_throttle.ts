import type { Kysely } from 'kysely';

/**
 * Login attempts counted per account × client address, per account and per client address, so the
 * throttle can lock the pair first and the account only far later (an attacker cannot lock `admin` out
 * with a handful of guesses). The old per-account table goes: its counts were only ever a 15-minute lock.
 */
export function loginThrottle() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('login_attempts')
        /** 'account-address', 'account' or 'address'. */
        .addColumn('scope', 'text', (c) => c.notNull())
        /** Lower-cased name as typed ('' for the address scope); unknown names are counted too. */
        .addColumn('username', 'text', (c) => c.notNull())
        /** Client address, IPv6 as its /64 ('' for the account scope). */
        .addColumn('address', 'text', (c) => c.notNull())
        /** Attempts counted in the window (failures, and those still being checked). */
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_attempts_pk', ['scope', 'username', 'address'])
        .execute();
      await db.schema.createIndex('login_attempts_window_idx').on('login_attempts').column('window_started_at').execute();
      await db.schema.dropTable('login_throttle').ifExists().execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('login_attempts').ifExists().execute();
      await db.schema
        .createTable('login_throttle')
        .addColumn('username', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .execute();
    },
  };
}
