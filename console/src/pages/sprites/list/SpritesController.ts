import { makeAutoObservable, runInAction } from 'mobx';
import type { Sprite } from '@shared/schemas/sprites';
import type { SpritesApi } from '../spritesApi';

/** The sprites list of devices/sprite and board/spriteView: loaded once, reloaded after a save or delete. */
export class SpritesController {
  sprites: Sprite[] = [];
  loading = false;
  private seq = 0;

  constructor(private readonly api: Pick<SpritesApi, 'list' | 'remove'>) {
    makeAutoObservable<SpritesController, 'api' | 'seq'>(this, { api: false, seq: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    const seq = ++this.seq;
    this.loading = true;
    try {
      const sprites = await this.api.list();
      runInAction(() => {
        if (seq === this.seq) this.sprites = [...sprites].sort((a, b) => a.name.localeCompare(b.name));
      });
    } catch {
      // Toasted by the api hook; the list keeps what it had.
    } finally {
      runInAction(() => {
        if (seq === this.seq) this.loading = false;
      });
    }
  }

  /** Deletes and reloads; false when the server refused (toasted). */
  async remove(id: number): Promise<boolean> {
    try {
      await this.api.remove(id);
    } catch {
      return false;
    }
    await this.load();
    return true;
  }
}
