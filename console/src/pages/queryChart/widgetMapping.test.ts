import { describe, expect, it } from 'vitest';
import { validateBoard } from '@boards/validation/validateBoard';
import { boardWith } from '../sprites/placement/boardFixture.test-util';
import { placeOnBoard } from '../sprites/placement/boardPlacement';
import type { ChartQuery } from './queryModel';
import { widgetForQuery } from './widgetMapping';

const NOW = new Date(2026, 2, 10, 15, 30).getTime();
const base: ChartQuery = {
  source: 'meters',
  ids: [4, 9],
  metric: 'v',
  grain: 'day',
  start: new Date(2026, 2, 4).getTime(),
  end: NOW,
  shortcut: 'lastWeek',
  chartType: 'line',
};

describe('query → wall widget', () => {
  it('maps meters to a live trend of the same metric', () => {
    expect(widgetForQuery(base)).toEqual({
      type: 'live-trend',
      version: 1,
      options: { minutes: 15, maxPoints: 300, area: false, smooth: false, digits: 1, unit: '' },
      binding: { meterIds: [4, 9], metric: 'v' },
      size: { w: 8, h: 6 },
    });
  });

  it('maps departments to energy bars over as many periods as the range covers', () => {
    const daily = widgetForQuery({ ...base, source: 'departments', ids: [2, 3, 5], metric: 'energy' });
    expect(daily.type).toBe('energy-bar');
    expect(daily.options).toEqual({ scope: 'department', orientation: 'horizontal', limit: 10, digits: 1, showValues: true });
    expect(daily.binding).toEqual({ departmentIds: [2, 3, 5], grain: 'day', periods: 7 });
    expect(widgetForQuery({ ...base, source: 'departments', ids: [2], grain: 'hour', start: new Date(2026, 2, 10).getTime() }).binding).toEqual({
      departmentIds: [2],
      grain: 'hour',
      periods: 24,
    });
    expect(widgetForQuery({ ...base, source: 'departments', ids: [2], grain: 'month', start: new Date(2025, 11, 10).getTime() }).binding).toEqual({
      departmentIds: [2],
      grain: 'month',
      periods: 4,
    });
  });

  it('gives elements the board check accepts', () => {
    for (const query of [base, { ...base, source: 'departments' as const, ids: [2], metric: 'energy' }]) {
      const { document } = placeOnBoard(boardWith([{ element: 'clock', x: 0, y: 0, w: 4, h: 2 }]), { ...widgetForQuery(query), title: 'Saved query' });
      expect(validateBoard(document).ok).toBe(true);
    }
  });
});
