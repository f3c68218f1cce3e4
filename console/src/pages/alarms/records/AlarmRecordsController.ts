import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { PagedQuery } from '../../../lists/PagedQuery';
import type { AlarmRecordAction, AlarmsApi } from '@shared/api/alarmsApi';
import type { AlarmActionResult, AlarmKind, AlarmRecord } from '@shared/schemas/alarms';
import type { AlarmStore } from '@shared/stores/alarmStore';
import { DEFAULT_RECORD_FILTERS, matchesFilters, recordQuery, type AlarmRecordFilters } from './recordFilters';

/** What the last acknowledge/process did, kept on screen until the next one (or dismissed). */
export interface AlarmActionOutcome extends AlarmActionResult {
  action: AlarmRecordAction;
}

/**
 * One server-paged list of alarm records (an alerts screen or the batch screen) in a PagedQuery, kept current from the
 * realtime `alarms:new` feed instead of polling: a changed row is replaced where it is (or leaves when it
 * no longer fits the filters), a newly raised one goes on top of the first page. Headless: the page
 * renders it; failures were already shown by the api hook, so actions resolve instead of throwing.
 */
export class AlarmRecordsController {
  /** The paged list; the live feed below edits its rows in place. */
  readonly list: PagedQuery<AlarmRecordFilters, AlarmRecord>;
  acting = false;
  outcome: AlarmActionOutcome | null = null;

  constructor(
    private readonly api: Pick<AlarmsApi, 'records' | 'act'>,
    /** The screen's kind (alerts/devices → device); undefined on the batch screen. */
    readonly fixedKind?: AlarmKind,
  ) {
    this.list = new PagedQuery((query) => api.records(recordQuery(query, query.page, query.size)), {
      ...DEFAULT_RECORD_FILTERS,
      ...(fixedKind ? { kind: fixedKind } : {}),
    });
    makeAutoObservable<AlarmRecordsController, 'api'>(this, { api: false, fixedKind: false, list: false }, { autoBind: true });
  }

  get rows(): AlarmRecord[] {
    return this.list.rows;
  }
  get total(): number {
    return this.list.total;
  }
  get page(): number {
    return this.list.page;
  }
  get size(): number {
    return this.list.size;
  }
  get loading(): boolean {
    return this.list.loading;
  }
  get filters(): AlarmRecordFilters {
    return this.list.filters;
  }
  /** Rows ticked on the batch screen. */
  get selectedIds(): number[] {
    return this.list.selected;
  }

  get query() {
    return recordQuery(this.filters, this.page, this.size);
  }

  load(): Promise<void> {
    return this.list.load();
  }

  setPage(page: number, size: number): Promise<void> {
    return this.list.setPage(page, size);
  }

  /** A changed filter starts again from the first page; the screen's own kind cannot be changed. */
  setFilter<K extends keyof AlarmRecordFilters>(name: K, value: AlarmRecordFilters[K]): Promise<void> {
    if (name === 'kind' && this.fixedKind) return Promise.resolve();
    return this.list.setFilter(name, value);
  }

  setRange(from: number | undefined, to: number | undefined): Promise<void> {
    return this.list.setFilters({ from, to });
  }

  select(ids: number[]): void {
    this.list.select(ids);
  }

  dismissOutcome(): void {
    this.outcome = null;
  }

  /** Acknowledges or processes records with an optional note; resolves null when the call failed. */
  async act(action: AlarmRecordAction, ids: readonly number[], note?: string): Promise<AlarmActionResult | null> {
    if (ids.length === 0 || this.acting) return null;
    this.acting = true;
    const text = note?.trim();
    try {
      const result = await this.api.act(action, { ids: [...ids], ...(text ? { note: text } : {}) });
      runInAction(() => {
        this.outcome = { action, ...result };
        this.list.select(this.selectedIds.filter((id) => !result.changed.includes(id)));
      });
      await this.load();
      return result;
    } catch {
      return null;
    } finally {
      runInAction(() => (this.acting = false));
    }
  }

  /**
   * A record raised or changed, pushed live. Returns true when the list cannot place it itself (an older
   * record that now fits the filters, somewhere on another page) and must be asked again.
   */
  receive(record: AlarmRecord): boolean {
    const index = this.rows.findIndex((row) => row.id === record.id);
    const fits = matchesFilters(record, this.filters);
    if (index >= 0) {
      if (fits) this.list.rows = this.rows.map((row, i) => (i === index ? record : row));
      else {
        this.list.rows = this.rows.filter((row) => row.id !== record.id);
        this.list.total = Math.max(0, this.total - 1);
      }
      return false;
    }
    if (!fits) return false;
    const newest = this.rows.every((row) => row.id < record.id);
    if (this.page !== 1 || !newest) return true;
    this.list.rows = [record, ...this.rows].slice(0, this.size);
    this.list.total += 1;
    return false;
  }

  /** Follows the store's recent records (fed by socket.io) while the screen is open; returns the disposer. */
  watch(alarms: Pick<AlarmStore, 'recent'>): () => void {
    let previous = alarms.recent;
    return reaction(
      () => alarms.recent,
      (recent) => {
        const known = new Set(previous);
        previous = recent;
        // Oldest first, so records raised together land on top in id order.
        const arrived = recent.filter((record) => !known.has(record)).reverse();
        const misplaced = arrived.map((record) => this.receive(record)).some(Boolean);
        if (misplaced) void this.load();
      },
    );
  }
}
