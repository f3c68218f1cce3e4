import { describe, expect, it } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import { hiddenCount, tickerRows, unacknowledgedOf } from './tickerRows';

const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);
const raised = (id: number, minutes: number, overrides = {}) => alarmRecord(id, { raisedAt: T0 + minutes * 60_000, ...overrides });
const ids = (records: readonly { id: number }[]) => records.map((record) => record.id);

const records = [
  raised(6, 6, { severity: 'critical' }),
  raised(5, 5, { severity: 'low' }),
  raised(4, 4, { severity: 'high', kind: 'offline' }),
  raised(3, 3, { severity: 'medium', processingState: 2 }),
  raised(2, 2, { severity: 'high' }),
  raised(1, 1, { severity: 'critical' }),
];

describe('tickerRows', () => {
  it('filters by kind and lowest severity and stops at maxRows, in the open list order', () => {
    expect(ids(tickerRows(records, { kinds: ['device'], minSeverity: 'medium' }, 3))).toEqual([6, 3, 2]);
    expect(ids(tickerRows(records, { kinds: ['device', 'offline'], minSeverity: 'high' }, 10))).toEqual([6, 4, 2, 1]);
    expect(tickerRows([], { kinds: ['device'], minSeverity: 'low' }, 8)).toEqual([]);
  });
});

describe('unacknowledgedOf', () => {
  it('keeps the records the ticker shows that nobody has acknowledged, beyond maxRows too', () => {
    expect(ids(unacknowledgedOf(records, { kinds: ['device'], minSeverity: 'medium' }))).toEqual([6, 2, 1]);
    expect(ids(unacknowledgedOf(records, { kinds: ['offline'], minSeverity: 'low' }))).toEqual([4]);
  });
});

describe('hiddenCount', () => {
  const all = { kinds: ['device', 'error', 'trouble', 'offline', 'balance'] as const, minSeverity: 'low' as const };
  it('counts the matching rows past maxRows', () => {
    // 6 records, 4 shown: 2 more; the counts agree with the list, nothing beyond it.
    expect(hiddenCount(records, { ...all, kinds: [...all.kinds] }, 4, 6)).toBe(2);
    // device and medium+: 6, 3, 2, 1 match; 3 shown.
    expect(hiddenCount(records, { kinds: ['device'], minSeverity: 'medium' }, 3, 6)).toBe(1);
  });

  it('adds the open alarms beyond a capped list only when the filter lets every alarm through', () => {
    // The list holds 6 of 206 open alarms (capped): 200 more than the list, 2 more in it.
    expect(hiddenCount(records, { ...all, kinds: [...all.kinds] }, 4, 206)).toBe(202);
    expect(hiddenCount(records, { kinds: ['device'], minSeverity: 'low' }, 5, 206)).toBe(0);
    // No counts yet, or counts lagging behind the list: never negative.
    expect(hiddenCount(records, { ...all, kinds: [...all.kinds] }, 6, null)).toBe(0);
    expect(hiddenCount(records, { ...all, kinds: [...all.kinds] }, 6, 3)).toBe(0);
  });
});
