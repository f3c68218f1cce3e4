import { describe, expect, it } from 'vitest';
import type { AlarmActionQuery } from '@shared/api/alarmsApi';
import { AlarmStore } from '@shared/stores/alarmStore';
import { alarmRecord } from '../records/alarmRecord.test-util';
import { createAlarmLog, watchAlarmLog } from './AlarmLogController';

describe('alarm logbook', () => {
  it('sends action, kind, trimmed actor and time range, and asks again when an alarm changes', async () => {
    const queries: AlarmActionQuery[] = [];
    const log = createAlarmLog({ actions: async (query) => (queries.push(query), { total: 0, rows: [] }) });
    await log.load();
    await log.setFilter('action', 'processed');
    await log.setFilter('kind', 'device');
    await log.setFilter('actor', '  olga ');
    await log.setFilter('range', [1000, 2000]);
    expect(queries[0]).toEqual({ page: 1, size: 20 });
    expect(queries.at(-1)).toEqual({ page: 1, size: 20, action: 'processed', kind: 'device', actor: 'olga', from: 1000, to: 2000 });
    await log.setFilter('actor', '   ');
    expect(queries.at(-1)).not.toHaveProperty('actor');

    const alarms = new AlarmStore();
    const stop = watchAlarmLog(log, alarms);
    alarms.receiveAlarm(alarmRecord(1));
    expect(queries).toHaveLength(7);
    stop();
  });
});
