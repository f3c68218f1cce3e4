import { makeAutoObservable, runInAction } from 'mobx';
import type { PlaylistsApi } from '@shared/api/playlistsApi';
import type { Playlist } from '@shared/schemas/boards';
import type { PlaylistDraft } from './PlaylistDraft';
import { changeThenReload } from '../../lists/changeThenReload';

/** The playlists tab: the list, saving a dialog's draft (contract first, then the server) and deleting. */
export class PlaylistsController {
  playlists: Playlist[] = [];
  loading = false;
  busy = false;
  private loadSeq = 0;

  constructor(private readonly api: PlaylistsApi) {
    makeAutoObservable<PlaylistsController, 'api' | 'loadSeq'>(this, { api: false, loadSeq: false }, { autoBind: true });
  }

  /** A late answer to an older load (the page's or a dialog's, racing the reload after a save) is dropped. */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    this.loading = true;
    try {
      const playlists = await this.api.playlists();
      if (seq === this.loadSeq) runInAction(() => (this.playlists = playlists));
    } catch {
      // The api toast said why; the list keeps what it had.
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  get options(): { value: number; label: string }[] {
    return this.playlists.map((playlist) => ({ value: playlist.id, label: playlist.name }));
  }

  byId(id: number): Playlist | undefined {
    return this.playlists.find((playlist) => playlist.id === id);
  }

  /** Resolves with the saved playlist, or null: the draft then holds the field messages (or the toast said why). */
  async save(draft: PlaylistDraft, id?: number): Promise<Playlist | null> {
    const body = draft.validate();
    if (!body) return null;
    this.busy = true;
    let saved: Playlist;
    try {
      saved = id === undefined ? await this.api.createPlaylist(body) : await this.api.updatePlaylist(id, body);
    } catch (error) {
      draft.showServerErrors(error);
      return null;
    } finally {
      runInAction(() => (this.busy = false));
    }
    await this.load();
    return saved;
  }

  remove(id: number): Promise<boolean> {
    return changeThenReload(this, () => this.api.deletePlaylist(id));
  }
}

/** Seconds one round of the playlist takes. */
export const cycleSeconds = (playlist: Pick<Playlist, 'entries'>): number => playlist.entries.reduce((sum, entry) => sum + entry.seconds, 0);
