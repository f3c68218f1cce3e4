import { sql } from 'kysely';
import type { Storage } from '../db/connect';

/**
 * The class of the advisory lock a start holds around its migrations and seed; the second key is the schema's
 * name, so processes of one deployment (one schema) queue while test apps in schemas of their own do not.
 */
export const START_LOCK_CLASS = 7_410_023;

/**
 * Runs `work` (migrations, then the whole seed) while no other process of this database and schema does the same.
 * Every seed step reads what is there and adds what is missing (menus, roles, admin, demo objects, sample
 * boards); two processes doing that at once both see "missing" and one fails on a unique key. Under the lock the
 * second process waits, then finds everything seeded and adds nothing. A session lock on one pooled connection:
 * a process killed mid-seed drops its connection and with it the lock. SQLite is one process: no lock.
 */
export async function underStartLock<T>(storage: Storage, work: () => Promise<T>): Promise<T> {
  if (storage.kind !== 'postgres') return work();
  return storage.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${START_LOCK_CLASS}, hashtext(current_schema()))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${START_LOCK_CLASS}, hashtext(current_schema()))`.execute(connection);
    }
  });
}
