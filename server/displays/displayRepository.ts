import type { Kysely } from 'kysely';
import type { DisplayRecord, DisplayScope } from '@shared/schemas/boards';
import type { Database } from '../db/schema';
import type { DisplayRow } from '../auth/displayTokens';
import { parseScope } from './displayScope';

export interface NewDisplay {
  name: string;
  scope: DisplayScope;
  ownerUserId: number;
  createdBy: string;
}

type ListedRow = DisplayRow & { board_name: string | null };

/** The displays table: tokens are stored as their hash only; revocation keeps the row until it is deleted. */
export class DisplayRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(display: NewDisplay, tokenHash: string, now = Date.now()): Promise<number> {
    const row = await this.db
      .insertInto('displays')
      .values({
        name: display.name,
        token_hash: tokenHash,
        scope: JSON.stringify(display.scope),
        owner_user_id: display.ownerUserId,
        created_at: now,
        created_by: display.createdBy,
        revoked_at: null,
        pinned_board_id: null,
        last_seen_at: null,
        board_id: null,
        resolution: null,
        version: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  find(id: number): Promise<DisplayRow | undefined> {
    return this.db.selectFrom('displays').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first, with the name of the board the last heartbeat reported; `owners`: only displays of these owners (null: all). */
  list(id?: number, owners: readonly number[] | null = null): Promise<ListedRow[]> {
    if (owners !== null && owners.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('displays')
      .leftJoin('boards', 'boards.id', 'displays.board_id')
      .selectAll('displays')
      .select('boards.name as board_name')
      .orderBy('displays.id', 'desc');
    if (id !== undefined) query = query.where('displays.id', '=', id);
    if (owners !== null) query = query.where('displays.owner_user_id', 'in', [...owners]);
    return query.execute();
  }

  /** Idempotent: revoking twice keeps the first time. */
  async revoke(id: number, now = Date.now()): Promise<void> {
    await this.db.updateTable('displays').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('displays').where('id', '=', id).execute();
  }

  async pin(id: number, boardId: number | null): Promise<void> {
    await this.db.updateTable('displays').set({ pinned_board_id: boardId }).where('id', '=', id).execute();
  }

  async pinnedBoard(id: number): Promise<number | null> {
    const row = await this.db.selectFrom('displays').select('pinned_board_id').where('id', '=', id).executeTakeFirst();
    return row?.pinned_board_id ?? null;
  }
}

export function toDisplayRecord(row: ListedRow, online: boolean): DisplayRecord {
  return {
    id: row.id,
    name: row.name,
    scope: parseScope(row.scope),
    createdAt: row.created_at,
    createdBy: row.created_by,
    revokedAt: row.revoked_at,
    lastSeenAt: row.last_seen_at,
    boardId: row.board_id,
    boardName: row.board_name,
    resolution: row.resolution,
    version: row.version,
    online,
    pinnedBoardId: row.pinned_board_id,
  };
}
