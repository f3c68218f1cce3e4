import { describe, expect, it } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import { AlarmFeedList } from './alarmFeedList';
import { alarmRecordsOf, mergeAlarms } from './alarmList';
import { tickerRows } from './tickerRows';

const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);
const raised = (id: number, minutes: number, overrides = {}) => alarmRecord(id, { raisedAt: T0 + minutes * 60_000, ...overrides });
const ids = (records: readonly { id: number }[]) => records.map((record) => record.id);

describe('mergeAlarms', () => {
  it('keeps open alarms newest first, the higher id first on a tie', () => {
    const merged = mergeAlarms([], [raised(1, 0), raised(3, 5), raised(2, 5), raised(4, 2)], 10);
    expect(ids(merged)).toEqual([3, 2, 4, 1]);
  });

  it('replaces a record by id, and lets processed and cleared ones leave', () => {
    const list = mergeAlarms([], [raised(1, 0), raised(2, 1), raised(3, 2)], 10);
    const next = mergeAlarms(list, [raised(2, 1, { processingState: 2, acknowledgedBy: 'op' }), raised(1, 0, { processingState: 3 }), raised(3, 2, { processingState: 4 })], 10);
    expect(ids(next)).toEqual([2]);
    expect(next[0]?.acknowledgedBy).toBe('op');
  });

  it('never holds more than max records, dropping the oldest', () => {
    let list = mergeAlarms([], [], 5);
    for (let id = 1; id <= 12; id++) list = mergeAlarms(list, [raised(id, id)], 5);
    expect(ids(list)).toEqual([12, 11, 10, 9, 8]);
  });

  it('ignores a closed record it never listed', () => {
    expect(mergeAlarms([raised(1, 0)], [raised(9, 3, { processingState: 3 })], 10).map((record) => record.id)).toEqual([1]);
  });

  it('gates only new records with accept; listed ones still update or leave', () => {
    const onlyMeter11 = (record: { subject: { id: number } }) => record.subject.id === 11;
    const list = mergeAlarms([], [raised(1, 0), raised(2, 1, { subject: { type: 'meter', id: 12, code: null, name: 'Pump' } })], 10, onlyMeter11);
    expect(ids(list)).toEqual([1]);
    expect(mergeAlarms(list, [raised(1, 0, { processingState: 4 })], 10, () => false)).toEqual([]);
  });
});

describe('alarmRecordsOf', () => {
  it('reads one record, a batch, or nothing', () => {
    expect(ids(alarmRecordsOf(raised(1, 0)))).toEqual([1]);
    expect(ids(alarmRecordsOf([raised(1, 0), { id: 'x' }, raised(2, 0)]))).toEqual([1, 2]);
    expect(alarmRecordsOf(undefined)).toEqual([]);
    expect(alarmRecordsOf({ total: 3 })).toEqual([]);
  });
});

describe('AlarmFeedList', () => {
  it('lists the unacknowledged among its records', () => {
    const list = new AlarmFeedList(3);
    list.receive([raised(1, 0), raised(2, 1, { processingState: 2 })]);
    list.receive(raised(3, 2));
    list.receive(raised(4, 3));
    expect(ids(list.records)).toEqual([4, 3, 2]);
    expect(ids(list.unacknowledged)).toEqual([4, 3]);
  });
});

describe('tickerRows', () => {
  it('filters by kind and lowest severity and stops at maxRows', () => {
    const records = [
      raised(6, 6, { severity: 'critical' }),
      raised(5, 5, { severity: 'low' }),
      raised(4, 4, { severity: 'high', kind: 'offline' }),
      raised(3, 3, { severity: 'medium' }),
      raised(2, 2, { severity: 'high' }),
      raised(1, 1, { severity: 'critical' }),
    ];
    expect(ids(tickerRows(records, { kinds: ['device'], minSeverity: 'medium' }, 3))).toEqual([6, 3, 2]);
    expect(ids(tickerRows(records, { kinds: ['device', 'offline'], minSeverity: 'high' }, 10))).toEqual([6, 4, 2, 1]);
  });
});
