import type { Kysely } from 'kysely';
import type { BoardRecord, BoardVersion, BoardVersionSummary } from '@shared/schemas/boards';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import type { BoardService } from './boardService';
import { BoardVersionRepository, versionNote, versionSummary } from './boardVersions';
import { storedDocument } from './storedDocument';
import type { OwnerScope } from '../tenancy/ownerScope';

/** Version history of a board: the saved documents, and restoring one as a new revision on top. */
export class BoardHistory {
  private readonly versions: BoardVersionRepository;

  constructor(
    db: Kysely<Database>,
    private readonly boards: BoardService,
  ) {
    this.versions = new BoardVersionRepository(db);
  }

  /** Newest first; KANBAN_NOT_FOUND for an unknown board. */
  async list(boardId: number): Promise<BoardVersionSummary[]> {
    await this.boards.row(boardId);
    return this.versions.list(boardId);
  }

  /** One version with its document brought up to today's widget versions, as a board's own is served. */
  async get(boardId: number, revision: number): Promise<BoardVersion> {
    await this.boards.row(boardId);
    const row = await this.versions.find(boardId, revision);
    if (!row) throw new AppError('NOT_FOUND', { message: `Board ${boardId} has no revision ${revision}` });
    return { ...versionSummary(row), document: storedDocument(row.document, this.boards.registry) };
  }

  /**
   * Saves version `revision`'s document as the revision after `current` (REVISION_CONFLICT when that is
   * no longer current), validated like any save and announced so open walls reload it at once.
   */
  async restore(boardId: number, revision: number, current: number, username: string, caller: OwnerScope): Promise<BoardRecord> {
    const version = await this.get(boardId, revision);
    return this.boards.save(boardId, current, version.document, username, versionNote.restored(revision), caller);
  }
}
