import { makeAutoObservable, runInAction } from 'mobx';
import type { InterfaceCall, InterfacesApi } from '@shared/api/interfacesApi';
import type { Page } from '@shared/api/energyApi';
import { PagedQuery, type PageParams } from '../../lists/PagedQuery';

/**
 * The paged interface calls plus the key names they point at. The calls carry only key ids, so the
 * names come from the key list (when the role may read it), asked again with every page.
 */
export class CallRecordsController {
  readonly list: PagedQuery<object, InterfaceCall>;
  keyNames = new Map<number, string>();

  constructor(
    private readonly api: InterfacesApi,
    private readonly canReadKeys: boolean,
  ) {
    this.list = new PagedQuery(
      (query) => this.callsAndKeys(query),
      {},
      (call) => call._id,
    );
    makeAutoObservable<CallRecordsController, 'api' | 'canReadKeys' | 'callsAndKeys'>(
      this,
      { api: false, canReadKeys: false, list: false, callsAndKeys: false },
      { autoBind: true },
    );
  }

  load(): Promise<void> {
    return this.list.load();
  }

  /** The key's name, or null for a call with an unknown key (or one outside the list). */
  keyName(keyId: number | null): string | null {
    return keyId === null ? null : (this.keyNames.get(keyId) ?? null);
  }

  /** The names again too: a key may have been created since the last page. */
  private async callsAndKeys(query: PageParams): Promise<Page<InterfaceCall>> {
    const [calls, keys] = await Promise.all([
      this.api.calls({ page: query.page, size: query.size }),
      this.canReadKeys ? this.api.keys().catch(() => null) : null,
    ]);
    if (keys) runInAction(() => (this.keyNames = new Map(keys.rows.map((key) => [key._id, key.name]))));
    return calls;
  }
}
