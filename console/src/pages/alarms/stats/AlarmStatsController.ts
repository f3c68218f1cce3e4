import { makeAutoObservable, runInAction } from 'mobx';
import type { AlarmsApi } from '@shared/api/alarmsApi';
import { shortcutRange } from '@shared/format';
import { ALARM_KINDS, type AlarmKind, type AlarmStats } from '@shared/schemas/alarms';

/** The statistics open on the last 30 days, as the server's default. */
export const DEFAULT_STATS_DAYS = 30;

/** others/alarm: the statistics of one time range; a late answer to an older range is dropped. */
export class AlarmStatsController {
  from: number;
  to: number;
  stats: AlarmStats | null = null;
  loading = false;
  private requestSeq = 0;

  constructor(
    private readonly api: Pick<AlarmsApi, 'stats'>,
    now = Date.now(),
  ) {
    [this.from, this.to] = shortcutRange(DEFAULT_STATS_DAYS, now);
    makeAutoObservable<AlarmStatsController, 'api' | 'requestSeq'>(this, { api: false, requestSeq: false }, { autoBind: true });
  }

  /** Alarms raised per kind over the range (the daily figures summed). */
  get totalsByKind(): Record<AlarmKind, number> {
    const totals = Object.fromEntries(ALARM_KINDS.map((kind) => [kind, 0])) as Record<AlarmKind, number>;
    for (const day of this.stats?.byDay ?? []) for (const kind of ALARM_KINDS) totals[kind] += day[kind];
    return totals;
  }

  async load(): Promise<void> {
    const seq = ++this.requestSeq;
    this.loading = true;
    try {
      const stats = await this.api.stats({ from: this.from, to: this.to });
      if (seq === this.requestSeq) runInAction(() => (this.stats = stats));
    } catch {
      // Toasted; the figures stay as they were.
    } finally {
      if (seq === this.requestSeq) runInAction(() => (this.loading = false));
    }
  }

  setRange(from: number, to: number): Promise<void> {
    this.from = from;
    this.to = to;
    return this.load();
  }
}
