import { makeAutoObservable, runInAction } from 'mobx';
import type { EnergySummary } from '@shared/schemas/energy';

/** How often the home figures are fetched again while the page is on screen. */
export const HOME_REFRESH_MS = 30_000;

/** A body the screens can draw; anything else (an older server, a proxy page) counts as a failed fetch. */
export function isEnergySummary(value: unknown): value is EnergySummary {
  const body = value as Partial<EnergySummary> | null;
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray(body.totals) &&
    Array.isArray(body.todayByHour) &&
    Array.isArray(body.topDepartments) &&
    typeof body.meters === 'object' &&
    body.meters !== null &&
    typeof body.gateways === 'object' &&
    body.gateways !== null
  );
}

/** The part of `document` the controller watches: hidden tabs and minimised windows stop polling. */
export interface PageVisibility {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * The home summary and its refresh loop. Headless: the page calls `activate()` on mount and the
 * returned disposer on unmount. Polling runs only while the document is visible; coming back into
 * view fetches at once, so a wall screen woken after hours never shows stale figures for 30 s.
 */
export class HomeSummaryController {
  summary: EnergySummary | null = null;
  /** When the current summary arrived (epoch ms): the "now" for time-ago texts. */
  fetchedAt = 0;
  loading = false;
  /** The last fetch failed (the api hook already showed why); earlier figures stay on screen. */
  failed = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private requestSeq = 0;

  constructor(
    private readonly fetchSummary: () => Promise<EnergySummary>,
    private readonly page: PageVisibility,
    private readonly intervalMs = HOME_REFRESH_MS,
  ) {
    makeAutoObservable<HomeSummaryController, 'fetchSummary' | 'page' | 'intervalMs' | 'timer' | 'requestSeq'>(
      this,
      { fetchSummary: false, page: false, intervalMs: false, timer: false, requestSeq: false },
      { autoBind: true },
    );
  }

  async refresh(): Promise<void> {
    const seq = ++this.requestSeq;
    this.loading = true;
    try {
      const summary = await this.fetchSummary();
      if (seq !== this.requestSeq) return;
      if (!isEnergySummary(summary)) throw new Error('not an energy summary');
      runInAction(() => {
        this.summary = summary;
        this.fetchedAt = Date.now();
        this.failed = false;
      });
    } catch {
      if (seq === this.requestSeq) runInAction(() => (this.failed = true));
    } finally {
      if (seq === this.requestSeq) runInAction(() => (this.loading = false));
    }
  }

  /** Fetches now and keeps the figures fresh; returns the disposer that stops everything. */
  activate(): () => void {
    const onVisibility = () => (this.page.visibilityState === 'visible' ? this.resume() : this.pause());
    this.page.addEventListener('visibilitychange', onVisibility);
    if (this.page.visibilityState === 'visible') this.resume();
    return () => {
      this.page.removeEventListener('visibilitychange', onVisibility);
      this.pause();
      // An answer arriving after unmount is dropped.
      this.requestSeq += 1;
    };
  }

  /** Whether the refresh timer runs (for tests; not observable). */
  isPolling(): boolean {
    return this.timer !== undefined;
  }

  private resume(): void {
    this.pause();
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.intervalMs);
  }

  private pause(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
