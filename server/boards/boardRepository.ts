import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BoardDocument, BoardPurpose } from '@shared/board/document';
import type { BoardRevision } from '@shared/board/channels';
import type { Database } from '../db/schema';
import { PlaylistRepository } from './playlistRepository';
import { recordVersion } from './boardVersions';

export type BoardRow = Selectable<Database['boards']>;

export interface BoardWrite {
  document: BoardDocument;
  username: string;
  now: number;
  /** The history row's note (boardVersions.versionNote). */
  note: string;
}

/** Name, description, purpose, code and equipment meter are columns too (lists, lookups) and always mirror document.meta. */
const columns = ({ document, username, now }: BoardWrite) => ({
  name: document.meta.name,
  description: document.meta.description,
  purpose: document.meta.purpose,
  code: document.meta.code,
  equipment_meter_id: document.meta.equipmentMeterId,
  document: JSON.stringify(document),
  updated_at: now,
  updated_by: username,
});

const version = (boardId: number, revision: number, write: BoardWrite, json: string) => ({
  boardId,
  revision,
  name: write.document.meta.name,
  document: json,
  savedAt: write.now,
  savedBy: write.username,
  note: write.note,
});

/**
 * Boards as stored: the document as JSON text, a revision that goes up by one on every save, and every
 * saved document in board_versions, written in the same transaction as the board.
 */
export class BoardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** `owners`: only boards of these owners (a caller's tree); null for every board. */
  list(purpose: BoardPurpose | undefined, owners: readonly number[] | null): Promise<BoardRow[]> {
    if (owners !== null && owners.length === 0) return Promise.resolve([]);
    let query = this.db.selectFrom('boards').selectAll();
    if (purpose) query = query.where('purpose', '=', purpose);
    if (owners !== null) query = query.where('owner_user_id', 'in', [...owners]);
    return query.orderBy('name').orderBy('id').execute();
  }

  find(id: number): Promise<BoardRow | undefined> {
    return this.db.selectFrom('boards').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByCode(code: string): Promise<BoardRow | undefined> {
    return this.db.selectFrom('boards').selectAll().where('code', '=', code).where('code', '<>', '').executeTakeFirst();
  }

  /** Those of `ids` that are boards (of these `owners` unless null). */
  async exists(ids: readonly number[], owners: readonly number[] | null = null): Promise<Set<number>> {
    if (ids.length === 0 || (owners !== null && owners.length === 0)) return new Set();
    let query = this.db
      .selectFrom('boards')
      .select('id')
      .where('id', 'in', [...new Set(ids)]);
    if (owners !== null) query = query.where('owner_user_id', 'in', [...owners]);
    const rows = await query.execute();
    return new Set(rows.map((row) => row.id));
  }

  insert(write: BoardWrite, ownerUserId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const values = columns(write);
      const row = await trx
        .insertInto('boards')
        .values({ ...values, revision: 1, sample_key: null, created_at: write.now, owner_user_id: ownerUserId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordVersion(trx, version(row.id, 1, write, values.document));
      return row.id;
    });
  }

  /** A seeded sample; false when another process inserted this sample key first. */
  insertSample(write: BoardWrite, sampleKey: string, ownerUserId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const values = columns(write);
      const row = await trx
        .insertInto('boards')
        .values({ ...values, revision: 1, sample_key: sampleKey, created_at: write.now, owner_user_id: ownerUserId })
        .onConflict((conflict) => conflict.column('sample_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) await recordVersion(trx, version(row.id, 1, write, values.document));
      return row !== undefined;
    });
  }

  /**
   * Saves only over the revision the editor loaded (one conditional UPDATE, so two processes cannot both
   * win). A pending or approved review was of an earlier revision: the board goes back to draft.
   */
  updateAtRevision(id: number, revision: number, write: BoardWrite): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const values = columns(write);
      const result = await trx
        .updateTable('boards')
        .set((eb) => ({
          ...values,
          revision: eb('revision', '+', 1),
          review_state: eb.case().when('review_state', 'in', ['pending', 'approved']).then('draft').else(eb.ref('review_state')).end(),
        }))
        .where('id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await recordVersion(trx, version(id, revision + 1, write, values.document));
      return true;
    });
  }

  /** Deletes the board (its history goes with it) and takes it out of every playlist, in one transaction. */
  remove(id: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx: Transaction<Database>) => {
      const result = await trx.deleteFrom('boards').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await new PlaylistRepository(trx).dropBoard(id, now);
      return true;
    });
  }

  /** Current revisions of these boards (one query); missing ids are deleted boards. */
  async revisions(ids: readonly number[]): Promise<BoardRevision[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('boards')
      .select(['id', 'revision', 'updated_at'])
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((row) => ({ id: row.id, revision: Number(row.revision), updatedAt: Number(row.updated_at) }));
  }
}
