import { action, makeObservable, observable } from 'mobx';
import { isApiError } from '@shared/api/apiError';
import type { KioskApi } from '@shared/api/kioskApi';
import { boardChannel, type BoardRevision } from '@shared/board/channels';
import type { BoardDocument } from '@shared/board/document';
import { parseBoardDocument } from '@shared/board/migrations';
import { ErrorCode } from '@shared/errors/codes';
import type { BoardNotShared, BoardRecord } from '@shared/schemas/boards';

export type BoardStatus = 'loading' | 'ready' | 'not-found' | 'not-shared' | 'deleted' | 'failed' | 'invalid';

/** A failed load is tried again after this long (the wall heals by itself once the server answers). */
export const BOARD_RETRY_MS = 10_000;

interface BoardEvents {
  listen<T>(channel: string, listener: (data: T) => void): () => void;
}

/**
 * One board on screen: its record and parsed document, refetched and swapped in place when its
 * `board:<id>` revision rises (a save in the editor reaches the wall within the channel's latency),
 * "deleted" at revision 0. While a refetch fails the previous document stays on screen.
 */
export class BoardStore {
  status: BoardStatus = 'loading';
  record: BoardRecord | null = null;
  document: BoardDocument | null = null;
  problem = '';
  /** Set with 'not-shared': who in the viewer's tree can share the board (the server's FORBIDDEN data). */
  notShared: BoardNotShared | null = null;

  private wantedRevision = 0;
  private fetching = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopListening: (() => void) | null = null;
  private disposed = false;

  constructor(
    readonly boardId: number,
    private readonly api: Pick<KioskApi, 'board'>,
    private readonly events: BoardEvents,
    initial?: BoardRecord,
    private readonly retryMs = BOARD_RETRY_MS,
  ) {
    makeObservable<BoardStore, 'accept' | 'fail'>(this, {
      status: observable,
      record: observable.ref,
      document: observable.ref,
      problem: observable,
      notShared: observable.ref,
      accept: action,
      fail: action,
    });
    if (initial) this.accept(initial);
  }

  start(): this {
    this.stopListening = this.events.listen<BoardRevision>(boardChannel(this.boardId), (revision) => this.onRevision(revision));
    if (!this.record) void this.fetch();
    return this;
  }

  get revision(): number {
    return this.record?.revision ?? 0;
  }

  dispose(): void {
    this.disposed = true;
    this.stopListening?.();
    if (this.timer !== null) clearTimeout(this.timer);
  }

  private onRevision(revision: BoardRevision): void {
    if (revision.revision === 0) {
      action(() => {
        this.status = 'deleted';
      })();
      return;
    }
    this.wantedRevision = Math.max(this.wantedRevision, revision.revision);
    if (revision.revision > this.revision) void this.fetch();
  }

  private async fetch(): Promise<void> {
    if (this.fetching || this.disposed) return;
    this.fetching = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    try {
      const record = await this.api.board(this.boardId);
      if (this.disposed) return;
      this.accept(record);
    } catch (error) {
      if (this.disposed) return;
      this.fail(error);
    } finally {
      this.fetching = false;
    }
    // A save landed while we were fetching: fetch again for the newer revision.
    if (!this.disposed && this.status === 'ready' && this.wantedRevision > this.revision) void this.fetch();
  }

  private accept(record: BoardRecord): void {
    // An older answer (a slow request overtaken by a later one) never replaces a newer board.
    if (this.record && record.revision < this.record.revision) return;
    try {
      const document = parseBoardDocument(record.document);
      this.record = record;
      this.document = document;
      this.status = 'ready';
      this.problem = '';
    } catch (error) {
      if (this.document) return;
      this.status = 'invalid';
      this.problem = error instanceof Error ? error.message.slice(0, 300) : String(error);
    }
  }

  private fail(error: unknown): void {
    if (isApiError(error) && error.code === ErrorCode.KANBAN_NOT_FOUND) {
      this.status = 'not-found';
      return;
    }
    // A board of the viewer's tree it may not see: no retry, the answer changes only when someone shares it.
    if (isApiError(error) && error.code === ErrorCode.FORBIDDEN) {
      this.status = 'not-shared';
      this.notShared = (error.data as BoardNotShared | null | undefined) ?? null;
      return;
    }
    // Keep what is on screen; only a board never shown says "failed".
    if (!this.document) this.status = 'failed';
    this.timer = setTimeout(() => void this.fetch(), this.retryMs);
  }
}
