import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BoardVersionSummary } from '@shared/schemas/boards';
import type { BoardVersionsTable, Database } from '../db/schema';

export type BoardVersionRow = Selectable<BoardVersionsTable>;

/** What history calls each save: a board's first version, an edit, a restore, a copy. */
export const versionNote = {
  created: 'created',
  saved: 'saved',
  restored: (revision: number) => `restored from ${revision}`,
  duplicated: (boardId: number) => `duplicated from board ${boardId}`,
};

export interface VersionWrite {
  boardId: number;
  revision: number;
  name: string;
  /** JSON text, exactly as stored on the board. */
  document: string;
  savedAt: number;
  savedBy: string;
  note: string;
}

/** Writes one history row; callers run it in the transaction that wrote the board itself. */
export async function recordVersion(trx: Transaction<Database>, version: VersionWrite): Promise<void> {
  await trx
    .insertInto('board_versions')
    .values({
      board_id: version.boardId,
      revision: version.revision,
      name: version.name,
      document: version.document,
      saved_at: version.savedAt,
      saved_by: version.savedBy,
      note: version.note,
    })
    .execute();
}

export const versionSummary = (row: BoardVersionRow): BoardVersionSummary => ({
  revision: Number(row.revision),
  name: row.name,
  savedAt: Number(row.saved_at),
  savedBy: row.saved_by,
  note: row.note,
});

/** A board's saved documents; history is only ever appended to (a restore is a new revision). */
export class BoardVersionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest first, without the documents. */
  async list(boardId: number): Promise<BoardVersionSummary[]> {
    const rows = await this.db
      .selectFrom('board_versions')
      .select(['board_id', 'revision', 'name', 'saved_at', 'saved_by', 'note'])
      .where('board_id', '=', boardId)
      .orderBy('revision', 'desc')
      .execute();
    return rows.map((row) => versionSummary({ ...row, document: '' }));
  }

  find(boardId: number, revision: number): Promise<BoardVersionRow | undefined> {
    return this.db.selectFrom('board_versions').selectAll().where('board_id', '=', boardId).where('revision', '=', revision).executeTakeFirst();
  }
}
