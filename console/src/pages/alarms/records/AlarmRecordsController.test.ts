import { describe, expect, it } from 'vitest';
import type { AlarmsApi } from '@shared/api/alarmsApi';
import type { AlarmRecord, AlarmRecordQuery } from '@shared/schemas/alarms';
import { AlarmStore } from '@shared/stores/alarmStore';
import { AlarmRecordsController } from './AlarmRecordsController';
import { alarmRecord, T0 } from './alarmRecord.test-util';

function fakeApi(rows: AlarmRecord[], total = rows.length) {
  const queries: AlarmRecordQuery[] = [];
  const acts: { action: string; ids: number[]; note?: string }[] = [];
  const api: Pick<AlarmsApi, 'records' | 'act'> = {
    records: async (query) => {
      queries.push(query);
      return { total, rows };
    },
    act: async (action, body) => {
      acts.push({ action, ...body });
      return { changed: body.ids.filter((id) => id !== 9), skipped: body.ids.includes(9) ? [{ id: 9, reason: 'already processed' }] : [] };
    },
  };
  return { api, queries, acts };
}

describe('AlarmRecordsController', () => {
  it('asks for the open alarms of its kind first, then each filter narrows the query from page 1', async () => {
    const { api, queries } = fakeApi([]);
    const list = new AlarmRecordsController(api, 'offline');
    await list.load();
    expect(queries.at(-1)).toEqual({ page: 1, size: 20, kind: 'offline', processingState: [1, 2] });
    await list.setPage(3, 20);
    await list.setFilter('severity', 'critical');
    expect(queries.at(-1)).toEqual({ page: 1, size: 20, kind: 'offline', processingState: [1, 2], severity: 'critical' });
    await list.setFilter('stateView', 'cleared');
    await list.setRange(T0, T0 + 3_600_000);
    await list.setFilter('keyword', '  M011 ');
    expect(queries.at(-1)).toEqual({
      page: 1,
      size: 20,
      kind: 'offline',
      processingState: [4],
      severity: 'critical',
      from: T0,
      to: T0 + 3_600_000,
      keyword: 'M011',
    });
    await list.setFilter('stateView', 'all');
    expect(queries.at(-1)).not.toHaveProperty('processingState');
    // The screen's own kind stays.
    await list.setFilter('kind', 'device');
    expect(list.filters.kind).toBe('offline');
  });

  it('the batch screen has no kind until one is chosen', async () => {
    const { api, queries } = fakeApi([]);
    const list = new AlarmRecordsController(api);
    await list.load();
    expect(queries.at(-1)).toEqual({ page: 1, size: 20, processingState: [1, 2] });
    await list.setFilter('kind', 'trouble');
    expect(queries.at(-1)).toMatchObject({ kind: 'trouble' });
  });

  it('sends the ids and the trimmed note, keeps what changed and what was skipped with its reason', async () => {
    const { api, acts, queries } = fakeApi([alarmRecord(7), alarmRecord(8), alarmRecord(9)]);
    const list = new AlarmRecordsController(api);
    await list.load();
    list.select([7, 8, 9]);
    const result = await list.act('process', [7, 8, 9], '  breaker reset  ');
    expect(acts).toEqual([{ action: 'process', ids: [7, 8, 9], note: 'breaker reset' }]);
    expect(result).toEqual({ changed: [7, 8], skipped: [{ id: 9, reason: 'already processed' }] });
    expect(list.outcome).toEqual({ action: 'process', changed: [7, 8], skipped: [{ id: 9, reason: 'already processed' }] });
    // The skipped one stays ticked; the list was asked again.
    expect(list.selectedIds).toEqual([9]);
    expect(queries).toHaveLength(2);
    await list.act('acknowledge', [7], '   ');
    expect(acts.at(-1)).toEqual({ action: 'acknowledge', ids: [7] });
  });

  it('merges records pushed live: a new one on top, a changed one in place, a processed one leaves the open list', async () => {
    const { api, queries } = fakeApi([alarmRecord(5), alarmRecord(4)], 2);
    const list = new AlarmRecordsController(api, 'device');
    const alarms = new AlarmStore();
    await list.load();
    const stop = list.watch(alarms);

    alarms.receiveAlarm(alarmRecord(6));
    expect(list.rows.map((row) => row.id)).toEqual([6, 5, 4]);
    expect(list.total).toBe(3);

    alarms.receiveAlarm(alarmRecord(5, { processingState: 2, acknowledgedBy: 'olga', acknowledgedAt: T0 }));
    expect(list.rows.find((row) => row.id === 5)?.acknowledgedBy).toBe('olga');

    alarms.receiveAlarm(alarmRecord(4, { processingState: 3, processedBy: 'olga', processedAt: T0 }));
    expect(list.rows.map((row) => row.id)).toEqual([6, 5]);
    expect(list.total).toBe(2);

    // Another kind, or one that does not fit the filters, changes nothing; no request was needed so far.
    alarms.receiveAlarm(alarmRecord(10, { kind: 'offline' }));
    expect(list.rows.map((row) => row.id)).toEqual([6, 5]);
    expect(queries).toHaveLength(1);

    // An older record that now fits, somewhere beyond the page: the list is asked again.
    await list.setFilter('stateView', 'processed');
    alarms.receiveAlarm(alarmRecord(2, { processingState: 3 }));
    expect(queries).toHaveLength(3);

    stop();
    alarms.receiveAlarm(alarmRecord(20));
    expect(list.rows.some((row) => row.id === 20)).toBe(false);
  });
});
