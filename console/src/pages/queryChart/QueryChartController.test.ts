import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import type { MeterHistoryQuery, MeterSeries, RollupQuery, RollupResult } from '@shared/schemas/energy';
import { QueryChartController } from './QueryChartController';

const NOW = new Date(2026, 2, 10, 15, 30).getTime();
const noHistory = () => new ApiError(ErrorCode.NO_HISTORY, 'No history was queried for this device!');
const outOfRange = () => new ApiError(ErrorCode.TIME_OUT_OF_RANGE, 'Time out of range!');

const series = (meterId: number, points: [number, number][]): MeterSeries => ({
  meter: { id: meterId, code: `M${meterId}`, name: `Press ${meterId}`, energyType: 'electricity', unit: 'kWh' },
  metric: { code: 'kw', unit: 'kW' },
  total: points.length,
  bucketMs: 0,
  points,
});

type Departments = { id: number; name: string; parentId: number | null }[];

function controller(
  answers: { series?: (query: MeterHistoryQuery) => Promise<MeterSeries>; rollups?: (query: RollupQuery) => Promise<RollupResult> },
  departments: Departments = [{ id: 2, name: 'Hall A', parentId: null }],
) {
  const asked: string[] = [];
  const chart = new QueryChartController(
    {
      series: (query) => (asked.push(`series ${JSON.stringify(query)}`), answers.series?.(query) ?? Promise.reject(new Error('unexpected'))),
      rollups: (query) => (asked.push(`rollups ${JSON.stringify(query)}`), answers.rollups?.(query) ?? Promise.reject(new Error('unexpected'))),
    },
    async (path) => (path === 'meters' ? [{ id: 4, name: 'Press 4' }] : departments),
    () => NOW,
  );
  return { chart, asked };
}

describe('QueryChartController', () => {
  it('opens on meters, active power, last week, and asks nothing without a choice', async () => {
    const { chart, asked } = controller({});
    expect(chart.query).toMatchObject({ source: 'meters', metric: 'kw', shortcut: 'lastWeek', start: new Date(2026, 2, 4).getTime(), end: NOW });
    await chart.run();
    expect(asked).toEqual([]);
    expect(chart.emptyReason).toBe('noIds');
  });

  it('charts the meters with history and names those without', async () => {
    const { chart, asked } = controller({
      series: async ({ meterId }) => (meterId === 5 ? Promise.reject(noHistory()) : series(meterId, [[NOW - 60_000, 12.5]])),
    });
    chart.setIds([4, 5]);
    await chart.run();
    const from = new Date(2026, 2, 4).getTime();
    const to = new Date(2026, 2, 11).getTime() - 1;
    expect(asked).toEqual([`series {"meterId":4,"metric":"kw","from":${from},"to":${to}}`, `series {"meterId":5,"metric":"kw","from":${from},"to":${to}}`]);
    expect(chart.emptyReason).toBeNull();
    expect(chart.result).toMatchObject({ kind: 'meters', missing: [5] });
    expect(chart.result?.kind === 'meters' && chart.result.series.map((s) => s.meter.id)).toEqual([4]);
  });

  it('shows the server’s NO_HISTORY and TIME_OUT_OF_RANGE as the empty state', async () => {
    const none = controller({ series: () => Promise.reject(noHistory()) });
    none.chart.setIds([4]);
    await none.chart.run();
    expect([none.chart.result, none.chart.emptyReason]).toEqual([null, 'noHistory']);

    const far = controller({ rollups: () => Promise.reject(outOfRange()) });
    far.chart.setSource('departments');
    far.chart.setGrain('hour');
    far.chart.setShortcut('lastThreeMonths');
    far.chart.setIds([2]);
    await far.chart.run();
    expect([far.chart.result, far.chart.emptyReason]).toEqual([null, 'outOfRange']);
  });

  it('asks departments for their energy rollups by grain, whole months for the month grain', async () => {
    const rollup: RollupResult = {
      scope: 'department',
      energyType: 'electricity',
      grain: 'month',
      unit: 'kWh',
      periods: ['2026-03'],
      series: [{ scopeId: 2, name: 'Hall A', total: 10, points: [{ period: '2026-03', energy: 10 }] }],
    };
    const { chart, asked } = controller({ rollups: async () => rollup });
    chart.setSource('departments');
    expect(chart.query.metric).toBe('energy');
    chart.setGrain('month');
    chart.setIds([2]);
    await chart.run();
    expect(asked).toEqual([
      `rollups {"scope":"department","ids":[2],"grain":"month","from":${new Date(2026, 2, 1).getTime()},"to":${new Date(2026, 3, 1).getTime() - 1}}`,
    ]);
    expect(chart.result).toEqual({ kind: 'departments', query: chart.query, rollup });
  });

  it('keeps at most 12 meters and starts over when the source changes', () => {
    const { chart } = controller({});
    chart.setIds(Array.from({ length: 15 }, (_, index) => index + 1));
    expect(chart.query.ids).toHaveLength(12);
    chart.setSource('departments');
    expect(chart.query.ids).toEqual([]);
  });

  describe('the first picture', () => {
    // Main Plant (1) with Hall A (2) below it, Office Building (3), and Line 1 (7) whose parent (6) the caller cannot see.
    const tree: Departments = [
      { id: 1, name: 'Main Plant', parentId: null },
      { id: 2, name: 'Hall A', parentId: 1 },
      { id: 3, name: 'Office Building', parentId: null },
      { id: 7, name: 'Line 1', parentId: 6 },
    ];
    const rollup: RollupResult = { scope: 'department', energyType: 'electricity', grain: 'day', unit: 'kWh', periods: [], series: [] };

    it('is the top-level departments over the last week by day, queried at once', async () => {
      const { chart, asked } = controller({ rollups: async () => rollup }, tree);
      await chart.loadChoices();
      await chart.openOnTopDepartments();
      expect(chart.query).toMatchObject({ source: 'departments', ids: [1, 3, 7], metric: 'energy', grain: 'day', shortcut: 'lastWeek' });
      expect(asked).toEqual([
        `rollups {"scope":"department","ids":[1,3,7],"grain":"day","from":${new Date(2026, 2, 4).getTime()},"to":${new Date(2026, 2, 11).getTime() - 1}}`,
      ]);
      expect(chart.result).toMatchObject({ kind: 'departments', rollup });
    });

    it('leaves what the user chose while the choices loaded', async () => {
      const { chart, asked } = controller({}, tree);
      const loading = chart.loadChoices();
      chart.setIds([4]);
      await loading;
      await chart.openOnTopDepartments();
      expect(chart.query).toMatchObject({ source: 'meters', ids: [4] });
      expect(asked).toEqual([]);
    });

    it('keeps the empty state when there are no departments', async () => {
      const { chart, asked } = controller({}, []);
      await chart.loadChoices();
      await chart.openOnTopDepartments();
      expect(chart.query).toMatchObject({ source: 'meters', ids: [] });
      expect([asked, chart.emptyReason]).toEqual([[], 'noIds']);
    });
  });
});
