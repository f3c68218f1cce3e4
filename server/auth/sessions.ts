import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../db/schema';
import type { UserRow } from '../users/userRepository';

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

  /** The session and its user in one query: this runs on every authenticated request. */
  async findWithUser(id: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as session_id',
        'sessions.visit_source as session_visit_source',
        'sessions.created_at as session_created_at',
        'sessions.expires_at as session_expires_at',
        'sessions.last_seen_at as session_last_seen_at',
        'sessions.revoked_at as session_revoked_at',
      ])
      .where('sessions.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { session_id, session_visit_source, session_created_at, session_expires_at, session_last_seen_at, session_revoked_at, ...user } = row;
    return {
      session: {
        id: session_id,
        user_id: user.id,
        visit_source: session_visit_source,
        created_at: session_created_at,
        expires_at: session_expires_at,
        last_seen_at: session_last_seen_at,
        revoked_at: session_revoked_at,
      },
      user,
    };
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
