import { makeAutoObservable, runInAction } from 'mobx';
import type { PushesApi, ResendResult } from '@shared/api/pushesApi';
import type { PushChannel, PushRecord, PushState } from '@shared/schemas/pushes';
import { PagedQuery } from '../../lists/PagedQuery';

export interface PushRecordFilters {
  channel?: PushChannel | undefined;
  state?: PushState | undefined;
  taskId?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
  keyword?: string | undefined;
}

/** Only what did not go out can be sent again. */
export const canResend = (record: Pick<PushRecord, 'state'>): boolean => record.state === 'failed' || record.state === 'skipped';

/** /message/push-records: the paged records, the rows checked for a resend and what the last resend did. */
export class PushRecordsController {
  readonly list: PagedQuery<PushRecordFilters, PushRecord>;
  resending = false;
  lastResend: ResendResult | null = null;
  /** The record whose text the drawer shows. */
  opened: PushRecord | null = null;

  constructor(private readonly api: Pick<PushesApi, 'records' | 'resend'>) {
    this.list = new PagedQuery<PushRecordFilters, PushRecord>((query) => api.records(query), {});
    makeAutoObservable<PushRecordsController, 'api'>(this, { api: false, list: false }, { autoBind: true });
  }

  /** The rows checked for a resend (kept by the list: only rows on the page shown). */
  get selectedIds(): number[] {
    return this.list.selected;
  }

  setSelected(ids: number[]): void {
    this.list.select(ids);
  }

  open(record: PushRecord | null): void {
    this.opened = record;
  }

  setFilter<K extends keyof PushRecordFilters>(name: K, value: PushRecordFilters[K]): Promise<void> {
    this.list.select([]);
    return this.list.setFilter(name, value);
  }

  /** The time range in one step (one request, not two). */
  setRange(from: number | undefined, to: number | undefined): Promise<void> {
    this.list.select([]);
    return this.list.setFilters({ from, to });
  }

  /** Sends the checked records again; the answer (with the reasons of those left alone) stays for the screen. */
  async resend(ids: number[] = this.selectedIds): Promise<ResendResult | null> {
    if (!ids.length || this.resending) return null;
    this.resending = true;
    try {
      const result = await this.api.resend(ids);
      runInAction(() => {
        this.lastResend = result;
        this.list.select([]);
      });
      await this.list.load();
      return result;
    } catch {
      return null;
    } finally {
      runInAction(() => (this.resending = false));
    }
  }

  dismissResend(): void {
    this.lastResend = null;
  }
}
