// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import type { RecomputeJob } from '@shared/schemas/recomputeJobs';
import type { RootStore } from '@shared/stores/rootStore';
import { StoreProvider } from '../../stores/StoreContext';
import { installBrowserGaps } from '../../testing/renderConsole.test-util';
import { RECOMPUTE_COLUMN_WIDTHS, RECOMPUTE_POLL_MS, RecomputeJobsPanel } from './RecomputeJobsPanel';

const job = (over: Partial<RecomputeJob>): RecomputeJob => ({
  id: 7,
  reason: 'tariff-version',
  detail: {},
  meterCount: 10,
  fromDay: '2026-11-01',
  toDay: '2026-11-30',
  state: 'running',
  done: 3,
  total: 10,
  error: null,
  createdBy: 1,
  createdAt: Date.UTC(2026, 10, 26, 9, 0),
  startedAt: Date.UTC(2026, 10, 26, 9, 0),
  finishedAt: null,
  ...over,
});

beforeAll(() => installBrowserGaps());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderPanel = (list: () => Promise<RecomputeJob[]>, language: 'en' | 'zh' | 'es' = 'en') =>
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider rootStore={{ http: {} } as unknown as RootStore}>
        <RecomputeJobsPanel api={{ list }} />
      </StoreProvider>
    </I18nextProvider>,
  );

describe('RecomputeJobsPanel', () => {
  it('polls every 2 s while a job runs and stops once every job is finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [[job({})], [job({ state: 'done', done: 10, finishedAt: Date.UTC(2026, 10, 26, 9, 1) })]];
    const list = vi.fn(async () => answers[Math.min(list.mock.calls.length - 1, answers.length - 1)]!);
    renderPanel(list);
    expect(await screen.findByText('3 / 10 meters')).toBeTruthy();
    expect(screen.getByTestId('recompute-state-7').textContent).toBe('Running');
    expect(screen.getByText('Tariff version changed')).toBeTruthy();
    expect(screen.getByText('2026-11-01 to 2026-11-30')).toBeTruthy();
    await act(async () => void (await vi.advanceTimersByTimeAsync(RECOMPUTE_POLL_MS)));
    expect(await screen.findByText('10 / 10 meters')).toBeTruthy();
    expect(screen.getByTestId('recompute-state-7').textContent).toBe('Done');
    await act(async () => void (await vi.advanceTimersByTimeAsync(5 * RECOMPUTE_POLL_MS)));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('shows a failed job with its error, in Chinese', async () => {
    renderPanel(async () => [job({ state: 'failed', error: 'disk full' })], 'zh');
    expect(await screen.findByText('disk full')).toBeTruthy();
    expect(screen.getByTestId('recompute-state-7').textContent).toBe('失败');
    expect(screen.getByText('3 / 10 台仪表')).toBeTruthy();
  });

  it('fits a 1366 px card in Spanish: fixed columns leave the error ~150 px, and times break between date and time', async () => {
    const { container } = renderPanel(async () => [job({ state: 'done', done: 10, finishedAt: Date.UTC(2026, 10, 26, 9, 1) })], 'es');
    expect(await screen.findByText('10 / 10 medidores')).toBeTruthy();
    expect(screen.getByText('Terminado', { selector: 'th' })).toBeTruthy();
    // About 1,000 px of card at 1366 px with the sidebar open; the old widths (1,134 px before the error) ran past it.
    const fixed = Object.values(RECOMPUTE_COLUMN_WIDTHS).reduce((sum, width) => sum + width, 0);
    expect(fixed).toBeLessThanOrEqual(860);
    const cols = [...container.querySelectorAll('colgroup col')].map((col) => (col as HTMLElement).style.width);
    expect(cols.filter((width) => width !== '').reduce((sum, width) => sum + Number.parseFloat(width), 0)).toBe(fixed);
    // The finished time as the list kit's DateTimeText: date and time of day each whole, so it wraps between them.
    const row = container.querySelector('tr[data-row-key="7"]')!;
    const finished = row.querySelectorAll('td')[6]!;
    const parts = [...finished.querySelectorAll('span[style*="nowrap"]')].map((span) => span.textContent);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(parts[1]).toMatch(/^\d{2}:\d{2}(:\d{2})?$/);
  });
});
