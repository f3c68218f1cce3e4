// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComparisonAnswer } from '@shared/powerComparison';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

const FIRST_PAINT = { timeout: 15_000 };

type Point = number | null | { value: number | null; itemStyle?: { color: string } };
// The chart as text: each series' values, a red (flagged) bar marked with `!`.
vi.mock('../../charts/EChart', () => ({
  EChart: ({ option }: { option: { series: { name: string; data: Point[] }[] } }) => (
    <ol data-testid="echart">
      {option.series.map((series) => (
        <li key={series.name}>
          {`${series.name}: ${series.data.map((point) => (point !== null && typeof point === 'object' ? `${point.value}${point.itemStyle ? '!' : ''}` : String(point))).join(', ')}`}
        </li>
      ))}
    </ol>
  ),
}));

const admin = {
  _id: 1,
  username: 'admin',
  trueName: 'Admin',
  email: 'admin@energy.local',
  avatar: '',
  introduction: '',
  father: null,
  roles: [{ _id: 1, name: 'admin' }],
  status: true,
  type: 0,
} as UserInfo;

const period = (day: string, imported: number | null, metered: number, flagged: boolean, coverage = 1) => ({
  period: day,
  label: day,
  from: 0,
  to: 0,
  imported,
  metered,
  difference: imported === null ? null : imported - metered,
  percent: imported === null || metered === 0 ? null : ((imported - metered) / metered) * 100,
  coverage,
  judged: imported !== null && coverage === 1,
  flagged,
});

const answer = (tolerancePercent: number, source: 'default' | 'object'): ComparisonAnswer => ({
  object: { type: 'meter', id: 33, code: 'M033', name: 'Compressor 1' },
  grain: 'day',
  unit: 'kWh',
  timeZone: 'Asia/Shanghai',
  tolerancePercent,
  toleranceSource: source,
  periods: [
    period('2026-10-10', 104, 100, false),
    period('2026-10-11', 110, 100, tolerancePercent < 10),
    period('2026-10-12', 12, 0, true),
    period('2026-10-13', 40, 100, false, 0.5),
    period('2026-10-14', null, 90, false),
  ],
  // Judged (imported in full): 104 + 110 + 12 = 226 against 100 + 100 + 0 = 200 metered: +26, +13 %.
  totals: { imported: 226, metered: 200, difference: 26, percent: 13, periodsJudged: 3, flagged: tolerancePercent < 10 ? 2 : 1 },
});

describe('/power-comparison/power-data-comparison', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('opens on the newest import, shows the rule, flags, totals, and edits the tolerance', async () => {
    const puts: unknown[] = [];
    const queries: string[] = [];
    let current = answer(5, 'default');
    const server = (route: string, body: unknown) => {
      if (route === 'GET /users/info') return envelope(admin);
      if (route === 'GET /meters/options') return envelope([{ id: 33, name: 'M033 Compressor 1' }]);
      if (route === 'GET /departments/tree') return envelope([]);
      if (route === 'GET /power-comparison/latest') return envelope({ objectType: 'meter', objectId: 33, grain: 'day', from: '2026-10-10', to: '2026-10-14' });
      if (route === 'GET /power-comparison') {
        queries.push(route);
        return envelope(current);
      }
      if (route === 'PUT /power-comparison/tolerances') {
        puts.push(body);
        current = answer(12, 'object');
        return envelope({ objectType: 'meter', objectId: 33, code: 'M033', name: 'Compressor 1', tolerancePercent: 12, updatedBy: 'admin', updatedAt: 1 });
      }
      return undefined;
    };
    renderConsole({
      path: '/power-comparison/power-data-comparison',
      token: 'jwt',
      server: server as (route: string, body: unknown) => ReturnType<typeof envelope>,
    });
    const table = await screen.findByTestId('comparison-table', {}, FIRST_PAINT);
    expect(screen.getByTestId('comparison-rule').textContent).toContain('flagged when |%| is more than the tolerance');

    const row = (day: string) => within(table).getByTestId(`comparison-row-${day}`);
    expect(row('2026-10-10').textContent).toContain('104.00');
    expect(row('2026-10-10').textContent).toContain('+4.00 %');
    expect(within(row('2026-10-10')).getByText('Within tolerance')).toBeTruthy();
    expect(row('2026-10-11').textContent).toContain('+10.00 %');
    expect(within(row('2026-10-11')).getByText('Flagged')).toBeTruthy();
    expect(within(row('2026-10-12')).getByText('nothing metered')).toBeTruthy();
    expect(within(row('2026-10-12')).getByText('Flagged')).toBeTruthy();
    expect(within(row('2026-10-13')).getByText('Partly imported (50 %)')).toBeTruthy();
    expect(within(row('2026-10-14')).getByText('Nothing imported')).toBeTruthy();

    // Imported and metered bars, the difference line; the flagged periods' imported bars are the red ones.
    expect([...screen.getByTestId('echart').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Imported: 104, 110!, 12!, 40, null',
      'Metered: 100, 100, 0, 100, 90',
      'Difference: 4, 10, 12, -60, null',
    ]);
    const totals = screen.getByTestId('comparison-totals');
    expect(totals.textContent).toContain('226.00');
    expect(totals.textContent).toContain('200.00');
    expect(totals.textContent).toContain('+26.00');
    expect(totals.textContent).toContain('+13.00');
    expect(screen.getByTestId('comparison-tolerance').textContent).toContain('5 % (platform default)');

    fireEvent.click(screen.getByTestId('comparison-tolerance-edit'));
    const input = (await screen.findByTestId('comparison-tolerance-input')).querySelector('input') ?? screen.getByTestId('comparison-tolerance-input');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('comparison-tolerance-save'));
    await waitFor(() => expect(puts).toEqual([{ objectType: 'meter', objectId: 33, tolerancePercent: 12 }]));
    await waitFor(() => expect(screen.getByTestId('comparison-tolerance').textContent).toContain('12 % (this object’s own)'));
    expect(within(screen.getByTestId('comparison-row-2026-10-11')).getByText('Within tolerance')).toBeTruthy();
    expect(queries.length).toBe(2);
  });

  it('says so when nothing was imported for the object', async () => {
    const empty: ComparisonAnswer = {
      ...answer(5, 'default'),
      periods: [period('2026-10-10', null, 90, false)],
      totals: { imported: 0, metered: 0, difference: 0, percent: null, periodsJudged: 0, flagged: 0 },
    };
    const server = (route: string) => {
      if (route === 'GET /users/info') return envelope(admin);
      if (route === 'GET /meters/options') return envelope([{ id: 33, name: 'M033 Compressor 1' }]);
      if (route === 'GET /departments/tree') return envelope([]);
      if (route === 'GET /power-comparison/latest') return envelope({ objectType: 'meter', objectId: 33, grain: 'day', from: '2026-10-10', to: '2026-10-10' });
      if (route === 'GET /power-comparison') return envelope(empty);
      return undefined;
    };
    renderConsole({
      path: '/power-comparison/power-data-comparison',
      token: 'jwt',
      server: server as (route: string, body: unknown) => ReturnType<typeof envelope>,
    });
    expect((await screen.findByTestId('comparison-no-data', {}, FIRST_PAINT)).textContent).toContain('Nothing was imported');
    expect(screen.queryByTestId('comparison-totals')).toBeNull();
  });
});
