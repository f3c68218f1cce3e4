import { describe, expect, it } from 'vitest';
import { alarmTickerWidget } from './descriptor';

describe('alarm-ticker descriptor', () => {
  it('defaults to 8 rows of every kind and severity, with sound', () => {
    expect(alarmTickerWidget.options.parse({})).toEqual({
      maxRows: 8,
      kinds: ['device', 'error', 'trouble', 'offline', 'balance'],
      minSeverity: 'low',
      sound: true,
    });
  });

  it('reads the open alarms and their counts whatever the binding', () => {
    expect(alarmTickerWidget.channels({ meterIds: [3] }, alarmTickerWidget.options.parse({}))).toEqual(['alarms:open', 'alarms:counts']);
  });

  it('explains invalid options', () => {
    const result = alarmTickerWidget.options.safeParse({ maxRows: 0, kinds: [] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['maxRows', 'At least 1 row'],
      ['kinds', 'Choose at least one kind of alarm'],
    ]);
    expect(alarmTickerWidget.options.safeParse({ maxRows: 51 }).error?.issues[0]?.message).toBe('At most 50 rows');
  });
});
