import { makeAutoObservable, runInAction } from 'mobx';
import type { InterfacesApi, IssuedInterfaceKey } from '@shared/api/interfacesApi';
import type { InterfaceKey } from '@shared/schemas/interfaces';
import { changeThenReload } from '../../lists/changeThenReload';

/**
 * The interface keys of the user's tree and what can be done to them. Headless: failures were
 * already shown by the api hook (10009, 10010 …), so actions resolve to a result instead of throwing.
 */
export class InterfaceKeysController {
  keys: InterfaceKey[] = [];
  loading = false;
  /** The key just created: its full text exists only here, until the dialog is closed. */
  issued: IssuedInterfaceKey | null = null;
  busy = false;
  private loadSeq = 0;

  constructor(private readonly api: InterfacesApi) {
    makeAutoObservable<InterfaceKeysController, 'api' | 'loadSeq'>(this, { api: false, loadSeq: false }, { autoBind: true });
  }

  /** A late answer to an older load (the page's first, racing the reload after a change) is dropped. */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    this.loading = true;
    try {
      const { rows } = await this.api.keys();
      if (seq === this.loadSeq) runInAction(() => (this.keys = rows));
    } catch {
      // The toast said why; the list keeps what it had.
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  /** Creates a key and keeps its full text for the one-time dialog; resolves false on failure. */
  create(name: string): Promise<boolean> {
    return this.run(async () => {
      const issued = await this.api.createKey(name.trim());
      runInAction(() => (this.issued = issued));
    });
  }

  /** Forgets the full key text: after this it cannot be shown again. */
  dismissIssued(): void {
    this.issued = null;
  }

  /** Resolves with the activated key, or null when the server refused (unknown, revoked or already used). */
  async activate(key: string): Promise<InterfaceKey | null> {
    let activated: InterfaceKey | null = null;
    await this.run(async () => {
      activated = await this.api.activateKey(key.trim());
    });
    return activated;
  }

  revoke(id: number): Promise<boolean> {
    return this.run(() => this.api.revokeKey(id));
  }

  /** Runs one change, then reloads the list; resolves false when the change failed. */
  private run(change: () => Promise<unknown>): Promise<boolean> {
    return changeThenReload(this, change);
  }
}
