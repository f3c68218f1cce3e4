import { describe, expect, it } from 'vitest';
import type { AlarmRecord } from '@shared/schemas/alarms';
import { alarmRecordsOf, foldAlarm, MAX_OPEN_ALARMS, metersInAlarm, overlayAlarms } from './alarmMatch';
import { meterAlarm } from './fixtures';

const fold = (records: AlarmRecord[]) => records.reduce<ReadonlyMap<number, AlarmRecord>>((ledger, record) => foldAlarm(ledger, record), new Map());

describe('alarm matching', () => {
  it('puts meters with a new or acknowledged alarm in alarm, not processed or cleared ones', () => {
    const records = [meterAlarm(1, 10, 1), meterAlarm(2, 11, 2), meterAlarm(3, 12, 3), meterAlarm(4, 13, 4)];
    expect([...metersInAlarm(records)].sort()).toEqual([10, 11]);
  });

  it('ignores alarms about departments, sub-items and gateways, and meters outside the scene', () => {
    const department = meterAlarm(5, 10, 1, { subject: { type: 'department', id: 10, code: 'D', name: 'Hall' } });
    expect([...metersInAlarm([department])]).toEqual([]);
    expect([...metersInAlarm([meterAlarm(6, 99, 1), meterAlarm(7, 10, 1)], new Set([10]))]).toEqual([10]);
  });

  it('folds the stream: a processed record leaves the ledger, an acknowledgement replaces it', () => {
    const ledger = fold([meterAlarm(1, 10, 1), meterAlarm(2, 11, 1), meterAlarm(1, 10, 2), meterAlarm(2, 11, 3)]);
    expect([...ledger.keys()]).toEqual([1]);
    expect(ledger.get(1)?.processingState).toBe(2);
    const same = fold([meterAlarm(1, 10, 1)]);
    expect(foldAlarm(same, meterAlarm(9, 10, 4))).toBe(same);
  });

  it(`keeps at most ${MAX_OPEN_ALARMS} open records, dropping the oldest`, () => {
    const ledger = fold(Array.from({ length: MAX_OPEN_ALARMS + 3 }, (_, i) => meterAlarm(i + 1, 10, 1)));
    expect(ledger.size).toBe(MAX_OPEN_ALARMS);
    expect(ledger.has(3)).toBe(false);
    expect(ledger.has(4)).toBe(true);
  });

  it('lists unacknowledged alarms first, newest first', () => {
    const records = [meterAlarm(1, 10, 1), meterAlarm(2, 11, 2), meterAlarm(3, 12, 1), meterAlarm(4, 99, 1)];
    expect(overlayAlarms(records, new Set([10, 11, 12])).map((r) => r.id)).toEqual([3, 1, 2]);
  });

  it('reads one record, a batch or nothing from the channel', () => {
    expect(alarmRecordsOf(meterAlarm(1, 10, 1)).map((r) => r.id)).toEqual([1]);
    expect(alarmRecordsOf([meterAlarm(1, 10, 1), meterAlarm(2, 10, 1), { bogus: true }]).map((r) => r.id)).toEqual([1, 2]);
    expect(alarmRecordsOf(undefined)).toEqual([]);
  });
});
