import type { TFunction } from 'i18next';
import { makeAutoObservable } from 'mobx';
import { playlistSchema, type Playlist, type PlaylistBody } from '@shared/schemas/boards';
import { schemaErrors, serverFieldErrors, type FieldErrors } from './fieldErrors';

/** One row of the dialog: `key` keeps React rows stable while entries move; null = not chosen yet. */
export interface PlaylistEntryDraft {
  key: number;
  boardId: number | null;
  seconds: number | null;
}

/** A new entry's dwell time: long enough to read a board, short enough to see the rotation work. */
export const DEFAULT_ENTRY_SECONDS = 60;

/**
 * The playlist dialog's state: the name and the ordered entries with add, remove and move. Checked with
 * the contract (playlistSchema) on save and, once shown, again on every change so stale messages go.
 */
export class PlaylistDraft {
  name: string;
  entries: PlaylistEntryDraft[];
  errors: FieldErrors = {};
  private nextKey = 1;
  private checked = false;

  constructor(
    private readonly t: TFunction,
    playlist?: Pick<Playlist, 'name' | 'entries'>,
  ) {
    this.name = playlist?.name ?? '';
    this.entries = (playlist?.entries ?? []).map((entry) => ({ key: this.nextKey++, boardId: entry.boardId, seconds: entry.seconds }));
    makeAutoObservable<PlaylistDraft, 't'>(this, { t: false }, { autoBind: true });
  }

  /** What the form would send (nulls left in, so the contract names what is missing). */
  get body(): unknown {
    return { name: this.name, entries: this.entries.map(({ boardId, seconds }) => ({ boardId, seconds })) };
  }

  setName(name: string): void {
    this.name = name;
    this.recheck();
  }

  addEntry(boardId: number | null = null): void {
    this.entries.push({ key: this.nextKey++, boardId, seconds: DEFAULT_ENTRY_SECONDS });
    this.recheck();
  }

  removeEntry(index: number): void {
    this.entries.splice(index, 1);
    this.recheck();
  }

  /** Moves an entry one place (-1 up, +1 down); nothing at either end. */
  move(index: number, by: -1 | 1): void {
    const target = index + by;
    const entry = this.entries[index];
    const other = this.entries[target];
    if (!entry || !other) return;
    this.entries[target] = entry;
    this.entries[index] = other;
    this.recheck();
  }

  setBoard(index: number, boardId: number | null): void {
    const entry = this.entries[index];
    if (entry) entry.boardId = boardId;
    this.recheck();
  }

  setSeconds(index: number, seconds: number | null): void {
    const entry = this.entries[index];
    if (entry) entry.seconds = seconds;
    this.recheck();
  }

  /** The body to send, or null with the messages in `errors`. */
  validate(): PlaylistBody | null {
    this.checked = true;
    this.errors = schemaErrors(this.t, playlistSchema, this.body);
    return Object.keys(this.errors).length ? null : playlistSchema.parse(this.body);
  }

  /** Shows a refused save's field messages; false when the refusal named no field (the toast said why). */
  showServerErrors(error: unknown): boolean {
    this.errors = serverFieldErrors(this.t, error);
    return Object.keys(this.errors).length > 0;
  }

  errorOf(field: string): string | undefined {
    return this.errors[field];
  }

  private recheck(): void {
    if (this.checked) this.errors = schemaErrors(this.t, playlistSchema, this.body);
  }
}
