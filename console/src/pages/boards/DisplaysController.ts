import type { TFunction } from 'i18next';
import { makeAutoObservable, runInAction } from 'mobx';
import type { DisplaysApi } from '@shared/api/displaysApi';
import { displayCreateSchema, type DisplayCreated, type DisplayRecord, type Playlist } from '@shared/schemas/boards';
import { schemaErrors, serverFieldErrors, type FieldErrors, type FieldRename } from './fieldErrors';

/** How often the list is asked again while the displays tab is on screen (heartbeats come every 15 s). */
export const DISPLAYS_REFRESH_MS = 10_000;

/** The create dialog's fields: the contract's `scope` object spread out as the form shows it. */
export interface DisplayDraft {
  name: string;
  scopeKind: 'boards' | 'playlist';
  boardIds: number[];
  playlistId: number | null;
}

export type DisplayCreateResult = { ok: true } | { ok: false; errors: FieldErrors };

export const displayBody = (draft: DisplayDraft): unknown => ({
  name: draft.name,
  scope: draft.scopeKind === 'boards' ? { kind: 'boards', boardIds: draft.boardIds } : { kind: 'playlist', playlistId: draft.playlistId },
});

/** `scope.boardIds.1` → `boardIds`: the form has no scope object, and one select holds all the boards. */
const toFormField: FieldRename = (path) => path.replace(/^scope\./, '').split('.')[0] ?? path;

/** The boards a display may be switched to: its own boards, or its playlist's boards in first-seen order. */
export function scopeBoardIds(display: Pick<DisplayRecord, 'scope'>, playlistOf: (id: number) => Pick<Playlist, 'entries'> | undefined): number[] {
  if (display.scope.kind === 'boards') return display.scope.boardIds;
  return [...new Set(playlistOf(display.scope.playlistId)?.entries.map((entry) => entry.boardId) ?? [])];
}

interface Timers {
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}
const browserTimers: Timers = {
  setInterval: (handler, ms) => globalThis.setInterval(handler, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

/**
 * The displays tab: display tokens and what each wall last reported. The token of a new display lives
 * only in `issued` until the result dialog closes. While the tab is on screen the list is asked again
 * every 10 s; `setPolling(false)` or `dispose()` stops the timer.
 */
export class DisplaysController {
  displays: DisplayRecord[] = [];
  loading = false;
  busy = false;
  /** The answer to the last create: the only place the token exists in the console. */
  issued: DisplayCreated | null = null;
  /** Display ids with a row action under way. */
  pending = new Set<number>();
  /** When the list was last answered (the "last seen" texts are worded against it). */
  fetchedAt = 0;
  private timer: unknown = null;
  private refreshing = false;

  constructor(
    private readonly api: Pick<DisplaysApi, 'displays' | 'createDisplay' | 'revokeDisplay' | 'showOnDisplay' | 'reloadDisplay' | 'deleteDisplay'>,
    private readonly t: TFunction,
    private readonly timers: Timers = browserTimers,
  ) {
    makeAutoObservable<DisplaysController, 'api' | 't' | 'timers' | 'timer' | 'refreshing'>(
      this,
      { api: false, t: false, timers: false, timer: false, refreshing: false },
      { autoBind: true },
    );
  }

  get polling(): boolean {
    return this.timer !== null;
  }

  /** Asks for the list; `quiet` shows no spinner (the timer, the reload after a row action). */
  async load(quiet = false): Promise<void> {
    this.refreshing = true;
    if (!quiet) this.loading = true;
    try {
      const displays = await this.api.displays();
      runInAction(() => {
        this.displays = displays;
        this.fetchedAt = Date.now();
      });
    } catch {
      // The api toast said why; the list keeps what it had.
    } finally {
      this.refreshing = false;
      runInAction(() => (this.loading = false));
    }
  }

  /** Starts (true) or stops (false) the 10 s refresh; starting also refreshes at once. */
  setPolling(on: boolean): void {
    if (on === this.polling) return;
    if (on) {
      this.timer = this.timers.setInterval(this.tick, DISPLAYS_REFRESH_MS);
      this.tick();
    } else {
      this.timers.clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** One timer round; skipped while an answer is still awaited (a slow server gets no pile of requests). */
  private tick(): void {
    if (!this.refreshing) void this.load(true);
  }

  dispose(): void {
    this.setPolling(false);
  }

  /** Checks with the contract, creates, keeps the answer (token, link) for the one-time dialog. */
  async create(draft: DisplayDraft): Promise<DisplayCreateResult> {
    const body = displayBody(draft);
    const errors = schemaErrors(this.t, displayCreateSchema, body, toFormField);
    if (Object.keys(errors).length) return { ok: false, errors };
    this.busy = true;
    try {
      const created = await this.api.createDisplay(displayCreateSchema.parse(body));
      runInAction(() => (this.issued = created));
    } catch (error) {
      return { ok: false, errors: serverFieldErrors(this.t, error, toFormField) };
    } finally {
      runInAction(() => (this.busy = false));
    }
    await this.load();
    return { ok: true };
  }

  /** Forgets the token: after this the console cannot show it again. */
  dismissIssued(): void {
    this.issued = null;
  }

  revoke(id: number): Promise<boolean> {
    return this.act(id, () => this.api.revokeDisplay(id));
  }

  /** Pins a board on the wall, or null: back to its own rotation. */
  show(id: number, boardId: number | null): Promise<boolean> {
    return this.act(id, () => this.api.showOnDisplay(id, boardId));
  }

  /** Nothing in the list changes: the wall reloads itself. */
  reload(id: number): Promise<boolean> {
    return this.act(id, () => this.api.reloadDisplay(id), false);
  }

  remove(id: number): Promise<boolean> {
    return this.act(id, () => this.api.deleteDisplay(id));
  }

  /** One row action; the list is asked again after it (unless nothing in it changed). */
  private async act(id: number, call: () => Promise<unknown>, reload = true): Promise<boolean> {
    this.pending.add(id);
    try {
      await call();
    } catch {
      return false;
    } finally {
      runInAction(() => this.pending.delete(id));
    }
    if (reload) await this.load(true);
    return true;
  }
}
