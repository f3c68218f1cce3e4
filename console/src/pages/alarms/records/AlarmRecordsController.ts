import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { AlarmRecordAction, AlarmsApi } from '@shared/api/alarmsApi';
import type { AlarmActionResult, AlarmKind, AlarmRecord } from '@shared/schemas/alarms';
import type { AlarmStore } from '@shared/stores/alarmStore';
import { DEFAULT_RECORD_FILTERS, matchesFilters, recordQuery, type AlarmRecordFilters } from './recordFilters';

/** What the last acknowledge/process did, kept on screen until the next one (or dismissed). */
export interface AlarmActionOutcome extends AlarmActionResult {
  action: AlarmRecordAction;
}

/**
 * One server-paged list of alarm records (an alerts screen or the batch screen), kept current from the
 * realtime `alarms:new` feed instead of polling: a changed row is replaced where it is (or leaves when it
 * no longer fits the filters), a newly raised one goes on top of the first page. Headless: the page
 * renders it; failures were already shown by the api hook, so actions resolve instead of throwing.
 */
export class AlarmRecordsController {
  rows: AlarmRecord[] = [];
  total = 0;
  page = 1;
  size = 20;
  loading = false;
  acting = false;
  filters: AlarmRecordFilters;
  /** Rows ticked on the batch screen. */
  selectedIds: number[] = [];
  outcome: AlarmActionOutcome | null = null;
  private requestSeq = 0;

  constructor(
    private readonly api: Pick<AlarmsApi, 'records' | 'act'>,
    /** The screen's kind (alerts/devices → device); undefined on the batch screen. */
    readonly fixedKind?: AlarmKind,
  ) {
    this.filters = { ...DEFAULT_RECORD_FILTERS, ...(fixedKind ? { kind: fixedKind } : {}) };
    makeAutoObservable<AlarmRecordsController, 'api' | 'requestSeq'>(this, { api: false, fixedKind: false, requestSeq: false }, { autoBind: true });
  }

  get query() {
    return recordQuery(this.filters, this.page, this.size);
  }

  async load(): Promise<void> {
    const seq = ++this.requestSeq;
    this.loading = true;
    try {
      const result = await this.api.records(this.query);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.rows = result.rows;
        this.total = result.total;
        const shown = new Set(result.rows.map((row) => row.id));
        this.selectedIds = this.selectedIds.filter((id) => shown.has(id));
      });
    } catch {
      // The toast said why; the list keeps what it had.
    } finally {
      if (seq === this.requestSeq) runInAction(() => (this.loading = false));
    }
  }

  setPage(page: number, size: number): Promise<void> {
    this.page = size === this.size ? page : 1;
    this.size = size;
    return this.load();
  }

  /** A changed filter starts again from the first page; the screen's own kind cannot be changed. */
  setFilter<K extends keyof AlarmRecordFilters>(name: K, value: AlarmRecordFilters[K]): Promise<void> {
    if (name === 'kind' && this.fixedKind) return Promise.resolve();
    this.filters = { ...this.filters, [name]: value };
    this.page = 1;
    return this.load();
  }

  setRange(from: number | undefined, to: number | undefined): Promise<void> {
    this.filters = { ...this.filters, from, to };
    this.page = 1;
    return this.load();
  }

  select(ids: number[]): void {
    this.selectedIds = ids;
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
        this.selectedIds = this.selectedIds.filter((id) => !result.changed.includes(id));
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
      if (fits) this.rows = this.rows.map((row, i) => (i === index ? record : row));
      else {
        this.rows = this.rows.filter((row) => row.id !== record.id);
        this.total = Math.max(0, this.total - 1);
      }
      return false;
    }
    if (!fits) return false;
    const newest = this.rows.every((row) => row.id < record.id);
    if (this.page !== 1 || !newest) return true;
    this.rows = [record, ...this.rows].slice(0, this.size);
    this.total += 1;
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
