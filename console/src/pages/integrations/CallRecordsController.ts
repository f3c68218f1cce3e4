import { makeAutoObservable, runInAction } from 'mobx';
import type { InterfaceCall, InterfacesApi } from '@shared/api/interfacesApi';

/**
 * One page of interface calls plus the key names they point at. The calls carry only key ids, so the
 * names come from the key list (when the role may read it); a late answer to an older page is dropped.
 */
export class CallRecordsController {
  rows: InterfaceCall[] = [];
  total = 0;
  page = 1;
  size = 20;
  loading = false;
  keyNames = new Map<number, string>();
  private requestSeq = 0;

  constructor(
    private readonly api: InterfacesApi,
    private readonly canReadKeys: boolean,
  ) {
    makeAutoObservable<CallRecordsController, 'api' | 'canReadKeys' | 'requestSeq'>(this, { api: false, canReadKeys: false, requestSeq: false }, { autoBind: true });
  }

  /** The calls and the key names together (the names again too: a key may have been created since). */
  async load(): Promise<void> {
    const seq = ++this.requestSeq;
    this.loading = true;
    try {
      const [calls, keys] = await Promise.all([this.api.calls({ page: this.page, size: this.size }), this.canReadKeys ? this.api.keys().catch(() => null) : null]);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.rows = calls.rows;
        this.total = calls.total;
        if (keys) this.keyNames = new Map(keys.rows.map((key) => [key._id, key.name]));
      });
    } catch {
      // The toast said why; the table keeps what it had.
    } finally {
      if (seq === this.requestSeq) runInAction(() => (this.loading = false));
    }
  }

  setPage(page: number, size: number): Promise<void> {
    this.page = size === this.size ? page : 1;
    this.size = size;
    return this.load();
  }

  /** The key's name, or null for a call with an unknown key (or one outside the list). */
  keyName(keyId: number | null): string | null {
    return keyId === null ? null : (this.keyNames.get(keyId) ?? null);
  }
}
