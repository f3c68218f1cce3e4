import { makeAutoObservable, runInAction } from 'mobx';
import { isApiError } from '@shared/api/apiError';
import type { EnergyApi } from '@shared/api/energyApi';
import { ErrorCode } from '@shared/errors/codes';
import type { ResourceOption } from '@shared/resources';
import type { MeterSeries, RollupGrain, RollupResult } from '@shared/schemas/energy';
import { DEFAULT_METER_METRIC, DEPARTMENT_METRIC, MAX_IDS, type ChartQuery, type ChartType, type QuerySource, type ShortcutKey } from './queryModel';
import { queryWindow, shortcutDays } from './queryPeriod';

/** Why there is no chart: nothing chosen yet, the server's NO_HISTORY or TIME_OUT_OF_RANGE, or another failure. */
export type EmptyReason = 'noIds' | 'noHistory' | 'outOfRange' | 'failed';

export type QueryResult =
  | { kind: 'meters'; query: ChartQuery; series: MeterSeries[]; /** Chosen meters without history in the range. */ missing: number[] }
  | { kind: 'departments'; query: ChartQuery; rollup: RollupResult };

type OptionPath = 'meters' | 'departments';

const codeOf = (reason: unknown): number | undefined => (isApiError(reason) ? reason.code : undefined);

/**
 * board/queryChart's state: the toolbar's query, the meters and departments to choose from, and the last
 * answer with the query it answers (`result.query`: what "save as widget" uses, so the widget matches the
 * chart on screen). Answers to older queries are dropped.
 */
export class QueryChartController {
  query: ChartQuery;
  meters: ResourceOption[] = [];
  departments: ResourceOption[] = [];
  optionsLoading = false;
  result: QueryResult | null = null;
  emptyReason: EmptyReason | null = 'noIds';
  loading = false;
  private seq = 0;
  /** Set by any toolbar change or Query: from then on the screen never replaces the user's choice. */
  private userChose = false;

  constructor(
    private readonly api: Pick<EnergyApi, 'series' | 'rollups'>,
    private readonly loadOptions: (path: OptionPath) => Promise<ResourceOption[]>,
    private readonly now: () => number = Date.now,
  ) {
    const { start, end } = shortcutDays('lastWeek', now());
    this.query = { source: 'meters', ids: [], metric: DEFAULT_METER_METRIC, grain: 'day', start, end, shortcut: 'lastWeek', chartType: 'line' };
    makeAutoObservable<QueryChartController, 'api' | 'loadOptions' | 'now' | 'seq' | 'userChose'>(
      this,
      { api: false, loadOptions: false, now: false, seq: false, userChose: false },
      { autoBind: true },
    );
  }

  /** The items the id picker offers for the current source. */
  get choices(): ResourceOption[] {
    return this.query.source === 'meters' ? this.meters : this.departments;
  }

  async loadChoices(): Promise<void> {
    this.optionsLoading = true;
    const [meters, departments] = await Promise.allSettled([this.loadOptions('meters'), this.loadOptions('departments')]);
    runInAction(() => {
      if (meters.status === 'fulfilled') this.meters = meters.value;
      if (departments.status === 'fulfilled') this.departments = departments.value;
      this.optionsLoading = false;
    });
  }

  /**
   * The screen's first picture: the top-level departments (those whose parent the caller cannot see, so a
   * sub-user's own branch counts) over the default range, queried at once. Skipped when the user already
   * chose something while the choices loaded, and when there are no departments (the empty state stays).
   */
  async openOnTopDepartments(): Promise<void> {
    if (this.userChose) return;
    const visible = new Set(this.departments.map((department) => department.id));
    const top = this.departments.filter((department) => department.parentId == null || !visible.has(department.parentId)).map((department) => department.id);
    if (top.length === 0) return;
    this.query = { ...this.query, source: 'departments', ids: top.slice(0, MAX_IDS.departments), metric: DEPARTMENT_METRIC };
    await this.run();
  }

  setSource(source: QuerySource): void {
    this.userChose = true;
    if (source === this.query.source) return;
    this.query = { ...this.query, source, ids: [], metric: source === 'meters' ? DEFAULT_METER_METRIC : DEPARTMENT_METRIC };
  }

  /** At most MAX_IDS of the source; extra picks are ignored. */
  setIds(ids: number[]): void {
    this.userChose = true;
    this.query = { ...this.query, ids: ids.slice(0, MAX_IDS[this.query.source]) };
  }

  setMetric(metric: string): void {
    this.userChose = true;
    if (this.query.source === 'meters') this.query = { ...this.query, metric };
  }

  setGrain(grain: RollupGrain): void {
    this.userChose = true;
    this.query = { ...this.query, grain };
  }

  setDays(start: number, end: number, shortcut: ShortcutKey | null): void {
    this.userChose = true;
    this.query = { ...this.query, start, end, shortcut };
  }

  setShortcut(shortcut: ShortcutKey): void {
    this.userChose = true;
    this.query = { ...this.query, ...shortcutDays(shortcut, this.now()), shortcut };
  }

  /** Line or bars: redrawn from the last answer, and remembered for the next query. */
  setChartType(chartType: ChartType): void {
    this.query = { ...this.query, chartType };
    if (this.result) this.result = { ...this.result, query: { ...this.result.query, chartType } };
  }

  /** Asks the server: each meter's series, or the departments' rollups. */
  async run(): Promise<void> {
    this.userChose = true;
    // A shortcut range ends "now" at the moment it is asked.
    const query = this.query.shortcut ? { ...this.query, ...shortcutDays(this.query.shortcut, this.now()) } : { ...this.query };
    this.query = query;
    const seq = ++this.seq;
    if (query.ids.length === 0) {
      this.result = null;
      this.emptyReason = 'noIds';
      return;
    }
    this.loading = true;
    const outcome = query.source === 'meters' ? await this.meterSeries(query) : await this.departmentRollups(query);
    runInAction(() => {
      if (seq !== this.seq) return;
      this.loading = false;
      this.result = outcome.result;
      this.emptyReason = outcome.reason;
    });
  }

  private async meterSeries(query: ChartQuery): Promise<{ result: QueryResult | null; reason: EmptyReason | null }> {
    const { from, to } = queryWindow(query.source, query.grain, query.start, query.end);
    const answers = await Promise.allSettled(query.ids.map((meterId) => this.api.series({ meterId, metric: query.metric, from, to })));
    const series: MeterSeries[] = [];
    const missing: number[] = [];
    let outOfRange = false;
    let failed = false;
    answers.forEach((answer, index) => {
      if (answer.status === 'fulfilled') {
        if (answer.value.points.length > 0) series.push(answer.value);
        else missing.push(query.ids[index]!);
        return;
      }
      const code = codeOf(answer.reason);
      if (code === ErrorCode.NO_HISTORY) missing.push(query.ids[index]!);
      else if (code === ErrorCode.TIME_OUT_OF_RANGE) outOfRange = true;
      else failed = true;
    });
    if (outOfRange) return { result: null, reason: 'outOfRange' };
    if (series.length > 0) return { result: { kind: 'meters', query, series, missing }, reason: null };
    return { result: null, reason: failed ? 'failed' : 'noHistory' };
  }

  private async departmentRollups(query: ChartQuery): Promise<{ result: QueryResult | null; reason: EmptyReason | null }> {
    const { from, to } = queryWindow(query.source, query.grain, query.start, query.end);
    try {
      const rollup = await this.api.rollups({ scope: 'department', ids: query.ids, grain: query.grain, from, to });
      return { result: { kind: 'departments', query, rollup }, reason: null };
    } catch (error) {
      const code = codeOf(error);
      return { result: null, reason: code === ErrorCode.NO_HISTORY ? 'noHistory' : code === ErrorCode.TIME_OUT_OF_RANGE ? 'outOfRange' : 'failed' };
    }
  }
}
