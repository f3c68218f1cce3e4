import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../db/schema';

export type SessionRow = Selectable<SessionsTable>;

/** Server-side sessions make logout and disabling real: a signed token is only good while its session is. */
export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(userId: number, visitSource: string, expiresAt: number, now = Date.now()): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('sessions')
      .values({ id, user_id: userId, visit_source: visitSource, created_at: now, expires_at: expiresAt, last_seen_at: now, revoked_at: null })
      .execute();
    return id;
  }

  find(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async extend(id: string, expiresAt: number, now = Date.now()): Promise<void> {
    await this.db.updateTable('sessions').set({ expires_at: expiresAt, last_seen_at: now }).where('id', '=', id).execute();
  }

  async revoke(id: string, now = Date.now()): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }

  /** Ends every live session of a user (account disabled or deleted); returns their ids. */
  async revokeAllOf(userId: number, now = Date.now()): Promise<string[]> {
    const live = await this.db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    return live.map((s) => s.id);
  }

  /** Housekeeping: forget sessions that ended long ago. */
  async purgeEndedBefore(cutoff: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<', cutoff).execute();
  }
}
