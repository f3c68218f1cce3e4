import { describe, expect, it } from 'vitest';
import { counterCells, counterGrid } from './counterCells';
import { alarmCountersWidget } from './descriptor';

const counts = { total: 7, deviceCount: 4, errorCount: 0, troubleCount: 1, offlineCount: 2 };

describe('alarm counters', () => {
  it('defaults to every counter and reads alarms:counts', () => {
    const options = alarmCountersWidget.options.parse({});
    expect(options).toEqual({ kinds: ['total', 'device', 'error', 'trouble', 'offline'] });
    expect(alarmCountersWidget.channels({}, options)).toEqual(['alarms:counts']);
  });

  it('explains invalid choices', () => {
    const messages = (kinds: unknown) => alarmCountersWidget.options.safeParse({ kinds }).error?.issues.map((issue) => issue.message);
    expect(messages([])).toEqual(['Choose at least one counter']);
    expect(messages(['device', 'device'])).toEqual(['Each counter may appear once']);
  });

  it('maps the counts onto the chosen counters in order', () => {
    expect(counterCells(counts, ['offline', 'total', 'error'])).toEqual([
      { kind: 'offline', count: 2 },
      { kind: 'total', count: 7 },
      { kind: 'error', count: 0 },
    ]);
    expect(counterCells(undefined, ['device'])).toEqual([{ kind: 'device', count: null }]);
  });

  it('lays counters out in a row on a wide tile and a grid on a square one', () => {
    expect(counterGrid(5, 1000, 150)).toEqual({ columns: 5, rows: 1 });
    expect(counterGrid(4, 400, 400)).toEqual({ columns: 2, rows: 2 });
    expect(counterGrid(3, 150, 600)).toEqual({ columns: 1, rows: 3 });
  });
});
