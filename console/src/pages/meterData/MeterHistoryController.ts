import { makeAutoObservable, runInAction } from 'mobx';
import { isApiError } from '@shared/api/apiError';
import type { EnergyApi } from '@shared/api/energyApi';
import { ErrorCode } from '@shared/errors/codes';
import type { ResourceOption } from '@shared/resources';
import type { MeterHistoryPage, MeterHistoryQuery, MeterLatest, MeterSeries } from '@shared/schemas/energy';
import { isRangeAllowed, refreshed, shortcutHistoryRange, type HistoryRange } from './historyRange';
import { defaultMetric, metricForMeter, metricsFor } from './meterMetrics';

/** Why the chart and the table show nothing. */
export type EmptyReason = 'noMeter' | 'noHistory' | 'outOfRange' | 'failed';

export type QueryOutcome = 'ok' | EmptyReason;

type HistoryCalls = Pick<EnergyApi, 'series' | 'history' | 'latest'>;

/** What a failed history call means for the screen: the server's two range answers have their own empty state. */
function emptyReasonOf(error: unknown): EmptyReason {
  if (isApiError(error) && error.code === ErrorCode.NO_HISTORY) return 'noHistory';
  if (isApiError(error) && error.code === ErrorCode.TIME_OUT_OF_RANGE) return 'outOfRange';
  return 'failed';
}

/**
 * The state of base/meterData: the meter picked, its latest values, the metric and range in the toolbar,
 * and the chart series and table page of the last query (`applied`). Paging and exporting use `applied`,
 * not the toolbar, so they always match what is on screen. Answers to older requests are dropped.
 */
export class MeterHistoryController {
  meters: ResourceOption[] = [];
  metersLoading = false;
  meterId: number | undefined = undefined;
  latest: MeterLatest | null = null;
  latestLoading = false;
  metric = defaultMetric('electricity');
  range: HistoryRange = shortcutHistoryRange('today');

  applied: MeterHistoryQuery | null = null;
  emptyReason: EmptyReason | null = 'noMeter';
  series: MeterSeries | null = null;
  seriesLoading = false;
  rows: MeterHistoryPage['rows'] = [];
  total = 0;
  page = 1;
  size = 20;
  tableLoading = false;
  private meterSeq = 0;
  private querySeq = 0;
  private pageSeq = 0;

  constructor(
    private readonly api: HistoryCalls,
    private readonly loadMeterOptions: () => Promise<ResourceOption[]>,
    /** Tells the operator a range was refused here, before any call (the server's own refusals are toasted by the api hook). */
    private readonly onRangeRefused: () => void = () => undefined,
  ) {
    makeAutoObservable<MeterHistoryController, 'api' | 'loadMeterOptions' | 'onRangeRefused' | 'meterSeq' | 'querySeq' | 'pageSeq'>(
      this,
      { api: false, loadMeterOptions: false, onRangeRefused: false, meterSeq: false, querySeq: false, pageSeq: false },
      { autoBind: true },
    );
  }

  /** The picker's metrics for the chosen meter's energy type (electricity until its latest values are in). */
  get metricChoices(): string[] {
    return metricsFor(
      this.latest?.meter.energyType,
      this.latest?.values.map((value) => value.code),
    );
  }

  get canExport(): boolean {
    return this.applied !== null && this.emptyReason === null && this.total > 0;
  }

  async loadMeters(): Promise<void> {
    this.metersLoading = true;
    try {
      const meters = await this.loadMeterOptions();
      runInAction(() => (this.meters = meters));
    } catch {
      // Shown by the api hook; the picker stays empty.
    } finally {
      runInAction(() => (this.metersLoading = false));
    }
  }

  /**
   * Opens on the meter `find` names (the site's main incomer) when none is chosen yet. A meter the user or
   * the address picks while it is being looked up wins; no meters keeps the "choose a meter" state.
   */
  async openDefault(find: () => Promise<number | undefined>): Promise<void> {
    if (this.meterId !== undefined) return;
    let meterId: number | undefined;
    try {
      meterId = await find();
    } catch {
      return; // Shown by the api hook; the screen asks for a meter as before.
    }
    if (meterId !== undefined && this.meterId === undefined) await this.selectMeter(meterId);
  }

  /** Picks a meter: its latest values decide the metrics on offer, then its history is queried. */
  async selectMeter(meterId: number): Promise<void> {
    const seq = ++this.meterSeq;
    this.meterId = meterId;
    this.latest = null;
    this.latestLoading = true;
    try {
      const latest = await this.api.latest(meterId);
      if (seq !== this.meterSeq) return;
      runInAction(() => {
        this.latest = latest;
        this.latestLoading = false;
        this.metric = metricForMeter(
          this.metric,
          latest.meter.energyType,
          latest.values.map((value) => value.code),
        );
      });
    } catch {
      // Unknown or unreadable meter: the api hook said why; nothing to query.
      if (seq === this.meterSeq) runInAction(() => (this.latestLoading = false));
      return;
    }
    await this.query();
  }

  /** Refreshes the strip of latest values without touching the query. */
  async reloadLatest(): Promise<void> {
    const { meterId } = this;
    if (meterId === undefined) return;
    const seq = this.meterSeq;
    try {
      const latest = await this.api.latest(meterId);
      if (seq === this.meterSeq) runInAction(() => (this.latest = latest));
    } catch {
      // Keep the values shown.
    }
  }

  setMetric(metric: string): Promise<QueryOutcome> {
    this.metric = metric;
    return this.query();
  }

  setRange(range: HistoryRange): void {
    this.range = range;
  }

  /**
   * Runs the toolbar's query: the chart series and the newest page of the table. A range the server would
   * refuse is refused here without a call, with the same empty state as the server's refusal.
   */
  async query(): Promise<QueryOutcome> {
    if (this.meterId === undefined) return 'noMeter';
    this.range = refreshed(this.range);
    const seq = ++this.querySeq;
    this.pageSeq += 1;
    if (!isRangeAllowed(this.range.from, this.range.to)) {
      this.clear('outOfRange');
      this.onRangeRefused();
      return 'outOfRange';
    }
    const query: MeterHistoryQuery = { meterId: this.meterId, metric: this.metric, from: this.range.from, to: this.range.to };
    this.applied = query;
    this.page = 1;
    this.seriesLoading = true;
    this.tableLoading = true;
    try {
      const [series, page] = await Promise.all([this.api.series(query), this.api.history({ ...query, page: 1, size: this.size, order: 'desc' })]);
      if (seq !== this.querySeq) return 'ok';
      runInAction(() => {
        this.series = series;
        this.rows = page.rows;
        this.total = page.total;
        this.emptyReason = series.points.length === 0 && page.total === 0 ? 'noHistory' : null;
        this.seriesLoading = false;
        this.tableLoading = false;
      });
      return this.emptyReason ?? 'ok';
    } catch (error) {
      if (seq !== this.querySeq) return 'ok';
      const reason = emptyReasonOf(error);
      this.clear(reason);
      return reason;
    }
  }

  /** Another page of the last query's table. */
  async setPage(page: number, size: number): Promise<void> {
    const { applied } = this;
    if (!applied) return;
    const seq = ++this.pageSeq;
    this.page = size === this.size ? page : 1;
    this.size = size;
    this.tableLoading = true;
    try {
      const result = await this.api.history({ ...applied, page: this.page, size: this.size, order: 'desc' });
      if (seq !== this.pageSeq) return;
      runInAction(() => {
        this.rows = result.rows;
        this.total = result.total;
      });
    } catch {
      // The api hook showed the message; the page shown stays.
    } finally {
      if (seq === this.pageSeq) runInAction(() => (this.tableLoading = false));
    }
  }

  private clear(reason: EmptyReason): void {
    this.emptyReason = reason;
    this.series = null;
    this.rows = [];
    this.total = 0;
    this.page = 1;
    this.seriesLoading = false;
    this.tableLoading = false;
  }
}
