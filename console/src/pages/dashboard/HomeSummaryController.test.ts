import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnergySummary } from '@shared/schemas/energy';
import { HOME_REFRESH_MS, HomeSummaryController, isEnergySummary, type PageVisibility } from './HomeSummaryController';

const summary = (today: number): EnergySummary => ({
  totals: [{ energyType: 'electricity', unit: 'kWh', today, yesterday: 0, yesterdaySoFar: 0, month: today, lastMonth: 0, lastMonthSoFar: 0 }],
  todayByHour: [],
  topDepartments: [],
  meters: { total: 3, online: 2, offline: 1 },
  gateways: { total: 1, online: 1 },
  pendingQuarantine: 0,
  rejectedLastDay: 0,
  timeZone: 'Europe/Berlin',
  lastReadingAt: null,
});

/** A document stand-in whose visibility the test flips. */
function fakePage(initial: DocumentVisibilityState = 'visible') {
  const listeners = new Set<() => void>();
  const page = {
    visibilityState: initial,
    addEventListener: (_: 'visibilitychange', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'visibilitychange', listener: () => void) => listeners.delete(listener),
  };
  return {
    page: page as PageVisibility,
    listeners,
    set(state: DocumentVisibilityState) {
      page.visibilityState = state;
      for (const listener of listeners) listener();
    },
  };
}

describe('HomeSummaryController', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches on activate and again every 30 s', async () => {
    let calls = 0;
    const home = new HomeSummaryController(async () => summary(++calls), fakePage().page);
    const dispose = home.activate();
    await vi.advanceTimersByTimeAsync(0);
    expect(home.summary?.totals[0]?.today).toBe(1);
    await vi.advanceTimersByTimeAsync(HOME_REFRESH_MS - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    expect(home.summary?.totals[0]?.today).toBe(2);
    dispose();
  });

  it('stops while the document is hidden and fetches at once when it shows again', async () => {
    let calls = 0;
    const visibility = fakePage();
    const home = new HomeSummaryController(async () => summary(++calls), visibility.page);
    const dispose = home.activate();
    await vi.advanceTimersByTimeAsync(0);
    visibility.set('hidden');
    expect(home.isPolling()).toBe(false);
    await vi.advanceTimersByTimeAsync(HOME_REFRESH_MS * 4);
    expect(calls).toBe(1);
    visibility.set('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    expect(home.isPolling()).toBe(true);
    dispose();
  });

  it('does not fetch while activated in a hidden document', async () => {
    let calls = 0;
    const home = new HomeSummaryController(async () => summary(++calls), fakePage('hidden').page);
    const dispose = home.activate();
    await vi.advanceTimersByTimeAsync(HOME_REFRESH_MS * 2);
    expect(calls).toBe(0);
    dispose();
  });

  it('stops polling, listening and accepting answers once disposed', async () => {
    let calls = 0;
    let answer: ((value: EnergySummary) => void) | undefined;
    const visibility = fakePage();
    const home = new HomeSummaryController(() => new Promise((resolve) => ((answer = resolve), calls++)), visibility.page);
    const dispose = home.activate();
    dispose();
    answer?.(summary(5));
    await vi.advanceTimersByTimeAsync(HOME_REFRESH_MS * 3);
    expect(calls).toBe(1);
    expect(home.summary).toBeNull();
    expect(visibility.listeners.size).toBe(0);
    expect(home.isPolling()).toBe(false);
  });

  it('keeps the last figures and flags the failure when a refresh fails', async () => {
    let fail = false;
    const home = new HomeSummaryController(async () => {
      if (fail) throw new Error('down');
      return summary(7);
    }, fakePage().page);
    const dispose = home.activate();
    await vi.advanceTimersByTimeAsync(0);
    fail = true;
    await vi.advanceTimersByTimeAsync(HOME_REFRESH_MS);
    expect(home.failed).toBe(true);
    expect(home.summary?.totals[0]?.today).toBe(7);
    fail = false;
    await vi.advanceTimersByTimeAsync(HOME_REFRESH_MS);
    expect(home.failed).toBe(false);
    dispose();
  });

  it('treats a body that is not a summary as a failure', async () => {
    expect(isEnergySummary(summary(1))).toBe(true);
    expect(isEnergySummary({ username: 'admin' })).toBe(false);
    expect(isEnergySummary(null)).toBe(false);
    const home = new HomeSummaryController(async () => ({ username: 'admin' }) as unknown as EnergySummary, fakePage().page);
    const dispose = home.activate();
    await vi.advanceTimersByTimeAsync(0);
    expect(home.summary).toBeNull();
    expect(home.failed).toBe(true);
    dispose();
  });
});
