import { action, makeObservable, observable } from 'mobx';
import type { BoardRecord, Playlist } from '@shared/schemas/boards';

/** When every board of a playlist failed to load, the runner tries the round again after this long. */
export const PLAYLIST_ALL_FAILED_RETRY_MS = 30_000;

export interface PlaylistSlide {
  index: number;
  boardId: number;
  record: BoardRecord;
}

/**
 * Rotates a playlist's boards at their seconds, client-side (the wall stays full screen): while one board
 * shows, the next one's record is fetched, and a board that fails to load is skipped.
 */
export class PlaylistRunner {
  current: PlaylistSlide | null = null;
  allFailed = false;

  private timer: ReturnType<typeof setTimeout> | null = null;
  private prefetched: { index: number; record: Promise<BoardRecord | null> } | null = null;
  private disposed = false;

  constructor(
    private readonly playlist: Playlist,
    private readonly load: (boardId: number) => Promise<BoardRecord>,
    private readonly allFailedRetryMs = PLAYLIST_ALL_FAILED_RETRY_MS,
  ) {
    makeObservable<PlaylistRunner, 'present'>(this, { current: observable.ref, allFailed: observable, present: action });
  }

  start(): this {
    void this.show(0, 0);
    return this;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.prefetched = null;
  }

  private wrap(index: number): number {
    return index % this.playlist.entries.length;
  }

  private fetch(boardId: number): Promise<BoardRecord | null> {
    return this.load(boardId).then(
      (record) => record,
      () => null,
    );
  }

  private async show(rawIndex: number, skipped: number): Promise<void> {
    const { entries } = this.playlist;
    if (this.disposed || entries.length === 0) return;
    const index = this.wrap(rawIndex);
    const entry = entries[index]!;
    const prefetched = this.prefetched?.index === index ? this.prefetched.record : null;
    this.prefetched = null;
    const record = this.current?.boardId === entry.boardId ? this.current.record : await (prefetched ?? this.fetch(entry.boardId));
    if (this.disposed) return;
    if (!record) {
      if (skipped + 1 >= entries.length) {
        this.present(null, true);
        this.timer = setTimeout(() => void this.show(index + 1, 0), this.allFailedRetryMs);
        return;
      }
      return this.show(index + 1, skipped + 1);
    }
    this.present(this.current?.boardId === entry.boardId ? this.current : { index, boardId: entry.boardId, record }, false);
    this.timer = setTimeout(() => void this.show(index + 1, 0), entry.seconds * 1000);
    const next = this.wrap(index + 1);
    if (entries[next]!.boardId !== entry.boardId) this.prefetched = { index: next, record: this.fetch(entries[next]!.boardId) };
  }

  private present(slide: PlaylistSlide | null, allFailed: boolean): void {
    if (slide) this.current = slide;
    this.allFailed = allFailed;
  }
}
