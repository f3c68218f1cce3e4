import { describe, expect, it } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import { tickerRows, unacknowledgedOf } from './tickerRows';

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
