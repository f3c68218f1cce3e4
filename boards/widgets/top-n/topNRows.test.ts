import { describe, expect, it } from 'vitest';
import { topNWidget } from './descriptor';
import { topNRows } from './topNRows';

const defaults = topNWidget.options.parse({});

describe('top-n descriptor', () => {
  it('defaults to the top 10 departments with shares', () => {
    expect(defaults).toEqual({ scope: 'department', limit: 10, showShare: true });
  });

  it('names the ranking channel of the binding', () => {
    expect(topNWidget.channels({}, defaults)).toEqual(['energy:ranking:department:top:electricity:day:1:10']);
    expect(topNWidget.channels({ departmentIds: [7, 9], energyType: 'water', grain: 'month', periods: 12 }, { ...defaults, limit: 5 })).toEqual([
      'energy:ranking:department:7:water:month:12:5',
    ]);
    // Sub-items have no parent: the bound departments do not narrow them.
    expect(topNWidget.channels({ departmentIds: [7], grain: 'hour', periods: 24 }, { ...defaults, scope: 'subitem' })).toEqual([
      'energy:ranking:subitem:top:electricity:hour:24:10',
    ]);
  });

  it('explains an invalid limit', () => {
    expect(topNWidget.options.safeParse({ limit: 0 }).error?.issues[0]?.message).toBe('At least 1 row');
    expect(topNWidget.options.safeParse({ limit: 51 }).error?.issues[0]?.message).toBe('At most 50 rows');
  });
});

describe('topNRows', () => {
  it('ranks rows with energy, share text and bars relative to the leader', () => {
    const data = {
      unit: 'kWh',
      computedAt: 1,
      rows: [
        { scopeId: 4, name: 'Press hall', energy: 12345.67, share: 0.5 },
        { scopeId: 2, name: 'Paint shop', energy: 6172.8, share: 0.25 },
        { scopeId: 9, name: 'Offices', energy: 0, share: 0 },
      ],
    };
    expect(topNRows(data, 2)).toEqual([
      { rank: 1, scopeId: 4, name: 'Press hall', energy: '12,345.7', share: '50.0 %', bar: 1 },
      { rank: 2, scopeId: 2, name: 'Paint shop', energy: '6,172.8', share: '25.0 %', bar: 0.5 },
    ]);
    expect(topNRows(data, 10)[2]).toMatchObject({ rank: 3, share: '0.0 %', bar: 0 });
  });

  it('is empty without data or rows', () => {
    expect(topNRows(undefined, 5)).toEqual([]);
    expect(topNRows({ unit: 'kWh', computedAt: 1, rows: [{ scopeId: 1, name: 'Idle', energy: 0, share: 0 }] }, 5)[0]?.bar).toBe(0);
  });
});
