import type { Kysely, Selectable } from 'kysely';
import type { BoardDocument } from '@shared/board/document';
import type { BoardRevision } from '@shared/board/channels';
import type { BoardsTable, Database } from '../db/schema';
import { PlaylistRepository } from './playlistRepository';

export type BoardRow = Selectable<BoardsTable>;

export interface BoardWrite {
  document: BoardDocument;
  username: string;
  now: number;
}

/** Name and description are columns too (lists, sorting) and always mirror document.meta. */
const columns = ({ document, username, now }: BoardWrite) => ({
  name: document.meta.name,
  description: document.meta.description,
  document: JSON.stringify(document),
  updated_at: now,
  updated_by: username,
});

/** Boards as stored: the document as JSON text, a revision that goes up by one on every save. */
export class BoardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<BoardRow[]> {
    return this.db.selectFrom('boards').selectAll().orderBy('name').orderBy('id').execute();
  }

  find(id: number): Promise<BoardRow | undefined> {
    return this.db.selectFrom('boards').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async exists(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('boards').select('id').where('id', 'in', [...new Set(ids)]).execute();
    return new Set(rows.map((row) => row.id));
  }

  async insert(write: BoardWrite, sampleKey: string | null = null): Promise<number> {
    const row = await this.db
      .insertInto('boards')
      .values({ ...columns(write), revision: 1, sample_key: sampleKey, created_at: write.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Saves only over the revision the editor loaded (one conditional UPDATE, so two processes cannot both win). */
  async updateAtRevision(id: number, revision: number, write: BoardWrite): Promise<boolean> {
    const result = await this.db
      .updateTable('boards')
      .set((eb) => ({ ...columns(write), revision: eb('revision', '+', 1) }))
      .where('id', '=', id)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes the board and takes it out of every playlist, in one transaction. */
  remove(id: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('boards').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await new PlaylistRepository(trx).dropBoard(id, now);
      return true;
    });
  }

  /** Current revisions of these boards (one query); missing ids are deleted boards. */
  async revisions(ids: readonly number[]): Promise<BoardRevision[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('boards').select(['id', 'revision', 'updated_at']).where('id', 'in', [...ids]).execute();
    return rows.map((row) => ({ id: row.id, revision: Number(row.revision), updatedAt: Number(row.updated_at) }));
  }
}
