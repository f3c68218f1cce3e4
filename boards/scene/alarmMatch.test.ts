import { describe, expect, it } from 'vitest';
import { metersInAlarm, overlayAlarms } from './alarmMatch';
import { meterAlarm } from './fixtures.test-util';

describe('alarm matching', () => {
  it('puts meters with a new or acknowledged alarm in alarm, not processed or cleared ones', () => {
    const records = [meterAlarm(1, 10, 1), meterAlarm(2, 11, 2), meterAlarm(3, 12, 3), meterAlarm(4, 13, 4)];
    expect([...metersInAlarm(records)].sort()).toEqual([10, 11]);
  });

  it('ignores alarms about departments, sub-items and gateways, and meters outside the scene', () => {
    const department = meterAlarm(5, 10, 1, { subject: { type: 'department', id: 10, code: 'D', name: 'Hall' } });
    const gateway = meterAlarm(6, 10, 1, { subject: { type: 'gateway', id: 10, code: 'GW', name: 'Gateway' } });
    expect([...metersInAlarm([department, gateway])]).toEqual([]);
    expect([...metersInAlarm([meterAlarm(6, 99, 1), meterAlarm(7, 10, 1)], new Set([10]))]).toEqual([10]);
  });

  it('lists unacknowledged alarms first, newest first, only open meter alarms of the scene', () => {
    const records = [meterAlarm(1, 10, 1), meterAlarm(2, 11, 2), meterAlarm(3, 12, 1), meterAlarm(4, 99, 1), meterAlarm(5, 10, 3)];
    expect(overlayAlarms(records, new Set([10, 11, 12])).map((r) => r.id)).toEqual([3, 1, 2]);
  });
});
