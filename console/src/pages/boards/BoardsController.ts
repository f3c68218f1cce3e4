import { makeAutoObservable, runInAction } from 'mobx';
import type { BoardsApi as BoardsClient } from '@shared/api/boardsApi';
import { isApiError } from '@shared/api/apiError';
import type { BoardDocument } from '@shared/board/document';
import { ErrorCode } from '@shared/errors/codes';
import type { BoardRecord, BoardSummary } from '@shared/schemas/boards';
import { serverIssues } from '../../forms/fieldErrors';
import { changeThenReload } from '../../lists/changeThenReload';
import { readBoardFile, type BoardFileIssue } from './boardFile';

export type BoardCreation = { ok: true; record: BoardRecord } | { ok: false; notJson: boolean; issues: BoardFileIssue[] };

type BoardsApi = Pick<BoardsClient, 'boards' | 'board' | 'createBoard' | 'duplicateBoard' | 'deleteBoard'>;

/** A refused create's VALIDATION_FAILED issues, fields as the file spells them (`meta.code`). */
function refusedIssues(error: unknown): BoardFileIssue[] | null {
  if (!isApiError(error) || error.code !== ErrorCode.VALIDATION_FAILED) return null;
  return serverIssues(error).map((issue) => ({ field: issue.field.replace(/^document\.?/, ''), message: issue.message }));
}

/** The boards tab, and the board names every other tab shows (scopes, playlist entries, pinned boards). */
export class BoardsController {
  boards: BoardSummary[] = [];
  loading = false;
  busy = false;
  private loadSeq = 0;

  constructor(private readonly api: BoardsApi) {
    makeAutoObservable<BoardsController, 'api' | 'loadSeq'>(this, { api: false, loadSeq: false }, { autoBind: true });
  }

  /** A late answer to an older load (the page's or a dialog's, racing the reload after a change) is dropped. */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    this.loading = true;
    try {
      const boards = await this.api.boards();
      if (seq === this.loadSeq) runInAction(() => (this.boards = boards));
    } catch {
      // The api toast said why; the list keeps what it had.
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  get options(): { value: number; label: string }[] {
    return this.boards.map((board) => ({ value: board.id, label: board.name }));
  }

  nameOf(id: number): string | undefined {
    return this.boards.find((board) => board.id === id)?.name;
  }

  remove(id: number): Promise<boolean> {
    return changeThenReload(this, () => this.api.deleteBoard(id));
  }

  /** A new board (from the dialog or a file); the server's field issues come back instead of a throw. */
  async create(document: BoardDocument): Promise<BoardCreation> {
    this.busy = true;
    try {
      const record = await this.api.createBoard(document);
      void this.load();
      return { ok: true, record };
    } catch (error) {
      return { ok: false, notJson: false, issues: refusedIssues(error) ?? [] };
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** An exported board file: checked here first, so a bad file never reaches the server. */
  async importFile(text: string): Promise<BoardCreation> {
    const reading = readBoardFile(text);
    if (!reading.ok) return reading;
    return this.create(reading.document);
  }

  /** A copy named "<name> (copy)"; null when refused (the api toast said why). */
  async duplicate(id: number): Promise<BoardRecord | null> {
    let copy: BoardRecord | null = null;
    await changeThenReload(this, async () => (copy = await this.api.duplicateBoard(id)));
    return copy;
  }

  /** The whole board with its document, for export; null when it could not be read. */
  async record(id: number): Promise<BoardRecord | null> {
    try {
      return await this.api.board(id);
    } catch {
      return null;
    }
  }
}
