import { describe, expect, it } from 'vitest';
import { energyChannel, parseEnergyChannel, type EnergyChannelQuery } from './channels';

describe('energy channel names', () => {
  const queries: [EnergyChannelQuery, string][] = [
    [
      { kind: 'series', scope: 'department', ids: [3, 4, 5], energyType: 'electricity', grain: 'hour', periods: 24 },
      'energy:series:department:3.4.5:electricity:hour:24',
    ],
    [{ kind: 'series', scope: 'meter', ids: [7], energyType: 'water', grain: 'month', periods: 12 }, 'energy:series:meter:7:water:month:12'],
    [
      { kind: 'ranking', scope: 'subitem', energyType: 'electricity', grain: 'day', periods: 30, limit: 10 },
      'energy:ranking:subitem:top:electricity:day:30:10',
    ],
    [{ kind: 'ranking', scope: 'department', parentId: 2, energyType: 'gas', grain: 'day', periods: 1, limit: 5 }, 'energy:ranking:department:2:gas:day:1:5'],
    [{ kind: 'flow', energyType: 'electricity', grain: 'day', periods: 1 }, 'energy:flow:electricity:day:1'],
    [{ kind: 'summary' }, 'energy:summary'],
  ];

  it.each(queries)('%j ⇄ %s', (query, name) => {
    expect(energyChannel(query)).toBe(name);
    expect(parseEnergyChannel(name)).toEqual(query);
  });

  it('names a series by its ids sorted and without repeats, so equal queries share one room', () => {
    const name = energyChannel({ kind: 'series', scope: 'subitem', ids: [9, 2, 9, 4], energyType: 'electricity', grain: 'day', periods: 7 });
    expect(name).toBe('energy:series:subitem:2.4.9:electricity:day:7');
    expect(parseEnergyChannel(name)).toEqual({ kind: 'series', scope: 'subitem', ids: [2, 4, 9], energyType: 'electricity', grain: 'day', periods: 7 });
  });

  it.each([
    'energy',
    'energy:summary:today',
    'meter:1:latest',
    'energy:series:site:1:electricity:day:1',
    'energy:series:meter::electricity:day:1',
    'energy:series:meter:0:electricity:day:1',
    'energy:series:meter:1.x:electricity:day:1',
    `energy:series:meter:${Array.from({ length: 51 }, (_, i) => i + 1).join('.')}:electricity:day:1`,
    'energy:series:meter:1:Electricity:day:1',
    'energy:series:meter:1:electricity:week:1',
    'energy:series:meter:1:electricity:day:0',
    'energy:series:meter:1:electricity:day:401',
    'energy:ranking:meter:top:electricity:day:1:5',
    'energy:ranking:department:0:electricity:day:1:5',
    'energy:ranking:department:top:electricity:day:1:51',
    'energy:ranking:department:top:electricity:day:1',
    'energy:flow:electricity:day',
    'energy:flow:electricity:day:1.5',
  ])('is not an energy channel: %s', (name) => {
    expect(parseEnergyChannel(name)).toBeNull();
  });

  it('accepts the limits themselves: 50 ids, 400 periods, 50 rows', () => {
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    expect(parseEnergyChannel(`energy:series:meter:${ids.join('.')}:electricity:hour:400`)).toMatchObject({ ids, periods: 400 });
    expect(parseEnergyChannel('energy:ranking:department:top:electricity:day:1:50')).toMatchObject({ limit: 50 });
  });
});
