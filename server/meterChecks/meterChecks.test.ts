import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@shared/errors';
import { NEXT_DUE_ORDER_MESSAGE } from '@shared/resources/meterChecks';
import { buildApp } from '@server/app';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { multipartFile } from '@tests/support/multipart';
import { resourceCaller } from '../resources/resourceKit.test-util';
import { CHECK_REMINDER_JOB, CheckReminders } from './checkReminders';

const TZ = 'Asia/Shanghai';
let t: TestApp;
let second: FastifyInstance;
let token: string;
let api: ReturnType<typeof resourceCaller>;
const meters: Record<string, number> = {};

/** 09:00 local on a day well away from the day the suite runs (its start-up pass claims the real day). */
const at = (day: string) => Date.parse(`${day}T09:00:00+08:00`);

async function upload(mode: string, csv: string) {
  const { payload, contentType } = multipartFile(csv, 'checks.csv');
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/meter-checks/import?mode=${mode}`,
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
  return { status: response.statusCode, ...(response.json() as { code: number; data: any; message: string }) };
}

const reminderRows = (meterId: number) =>
  t.app.storage.db
    .selectFrom('alarm_records')
    .selectAll()
    .where('subject_type', '=', 'meter')
    .where('subject_id', '=', meterId)
    .where('kind', '=', 'device')
    .execute();

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  // A second server process on the same database (same SQLite file, or the same PostgreSQL schema).
  second = await buildApp(t.config, { logger: false, ...(t.app.storage.schema ? { postgresSchema: t.app.storage.schema } : {}) });
  token = await loginAs(t.app);
  api = resourceCaller(t, () => token);
  for (const code of ['CHK-1', 'CHK-2', 'CHK-3']) {
    const created = await api('POST', '/api/meters', { code, name: `Check meter ${code}`, energyType: 'electricity', unit: 'kWh' });
    expect(created.code).toBe(0);
    meters[code] = created.data.id;
  }
}, 60_000);
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('meter checks (/api/meter-checks)', () => {
  it('stores a check and refuses a next due day not after the check day, and a certificate not uploaded here', async () => {
    const body = {
      meterId: meters['CHK-3'],
      kind: 'repair',
      checkDay: '2026-05-02',
      checkedBy: 'Li Wei',
      result: 'repaired',
      nextDue: null,
      note: 'terminal block',
    };
    const created = await api('POST', '/api/meter-checks', body);
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ ...body, certificate: '' });
    expect(created.data).not.toHaveProperty('overdueAlarmId');

    const early = await api('POST', '/api/meter-checks', { ...body, nextDue: '2026-05-02' });
    expect(early).toMatchObject({ status: 400, code: ErrorCode.VALIDATION_FAILED, message: `body.nextDue: ${NEXT_DUE_ORDER_MESSAGE}` });
    const picture = `/api/files/${'a'.repeat(64)}.png`;
    const missing = await api('POST', '/api/meter-checks', { ...body, certificate: picture });
    expect(missing).toMatchObject({ status: 400, code: ErrorCode.VALIDATION_FAILED });
    expect(missing.message).toMatch(/^certificate: /);
    expect(missing.data.issues[0]).toMatchObject({ field: 'certificate' });
  });

  it('imports good rows and names the bad line (keepGood), meters by code', async () => {
    const csv = [
      'Meter,Kind,Check day,Checked by,Result,Next check due,Note',
      'CHK-3,Calibration,2026-06-01,Metrology lab,Pass,2027-06-01,annual',
      'CHK-3,Inspection,2026-06-02,Metrology lab,Pass,,bad kind',
      'CHK-3,Repair,2026-02-30,Metrology lab,Repaired,,bad day',
      'CHK-3,Replacement,2026-07-01,Field team,Replaced,2032-07-01,new meter',
    ].join('\r\n');
    const preview = await upload('preview', csv);
    expect(preview.data).toMatchObject({ rows: 4, good: 2, bad: 2, written: 0 });
    const result = await upload('keepGood', csv);
    expect(result.code).toBe(0);
    expect(result.data).toMatchObject({ rows: 4, good: 2, bad: 2, written: 2 });
    expect(result.data.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual([
      [3, 'kind'],
      [4, 'checkDay'],
    ]);
    const listed = await api('GET', `/api/meter-checks?meterId=${meters['CHK-3']}&size=50`);
    expect(listed.data.rows.map((row: { checkDay: string; kind: string }) => `${row.checkDay} ${row.kind}`)).toEqual([
      '2026-05-02 repair',
      '2026-06-01 calibration',
      '2026-07-01 replacement',
    ]);
  });
});

describe('overdue check reminders', () => {
  it('raise one device alarm per meter and due day, claimed once across two processes', async () => {
    // CHK-1: latest check due 2026-11-01 (overdue on 2026-12-02). CHK-2: an old overdue check, but its latest is due in 2027.
    await api('POST', '/api/meter-checks', { meterId: meters['CHK-1'], kind: 'calibration', checkDay: '2025-11-01', result: 'pass', nextDue: '2026-11-01' });
    await api('POST', '/api/meter-checks', { meterId: meters['CHK-2'], kind: 'calibration', checkDay: '2024-10-01', result: 'pass', nextDue: '2025-10-01' });
    await api('POST', '/api/meter-checks', { meterId: meters['CHK-2'], kind: 'repair', checkDay: '2025-10-20', result: 'repaired', nextDue: '2027-10-20' });

    const here = new CheckReminders(t.app.storage.db, t.app.alarms.engine.records, TZ);
    const there = new CheckReminders(second.storage.db, second.alarms.engine.records, TZ);
    const day = at('2026-12-02');
    const runs = await Promise.all([here.runIfDue(day), there.runIfDue(day), here.runIfDue(day + 1000), there.runIfDue(day + 2000)]);
    expect(runs.filter((run) => run.ran)).toEqual([{ ran: true, raised: 1 }]);
    const claim = await t.app.storage.db.selectFrom('job_claims').selectAll().where('job', '=', CHECK_REMINDER_JOB).executeTakeFirstOrThrow();
    expect(claim.period).toBe('2026-12-02');

    const [alarm, ...others] = await reminderRows(meters['CHK-1']!);
    expect(others).toEqual([]);
    expect(alarm).toMatchObject({
      kind: 'device',
      subject_code: 'CHK-1',
      processing_state: 1,
      rule_id: 0,
      message: 'Check overdue: CHK-1 calibration was due 2026-11-01',
      ended_at: null,
    });
    // Whichever of the four calls won the day raised it, at its own `now`.
    expect([day, day + 1000, day + 2000]).toContain(Number(alarm!.raised_at));
    expect(await reminderRows(meters['CHK-2']!)).toEqual([]);
    // Seen by the alarm list like any device alarm of the meter.
    const listed = await api('GET', '/api/alarm-records?kind=device&size=50');
    expect(listed.data.rows.some((row: { id: number }) => row.id === alarm!.id)).toBe(true);

    // The next day: still overdue, but already reminded of this due day.
    const next = await Promise.all([here.runIfDue(at('2026-12-03')), there.runIfDue(at('2026-12-03'))]);
    expect(next.filter((run) => run.ran)).toEqual([{ ran: true, raised: 0 }]);
    expect(await reminderRows(meters['CHK-1']!)).toHaveLength(1);
  });

  it('clears the reminder when a newer check is recorded, and reminds again of a new due day once it passes', async () => {
    const [alarm] = await reminderRows(meters['CHK-1']!);
    const announced: { id: number; processingState: number }[] = [];
    const listen = (record: { id: number; processingState: number }) => announced.push(record);
    t.app.alarms.events.on('changed', listen);
    const newer = await api('POST', '/api/meter-checks', {
      meterId: meters['CHK-1'],
      kind: 'calibration',
      checkDay: '2026-12-03',
      result: 'pass',
      nextDue: '2026-12-10',
    });
    expect(newer.code).toBe(0);
    // Announced once committed, once, by the process that wrote the check (its 1-second drain, or a call as here).
    await new CheckReminders(t.app.storage.db, t.app.alarms.engine.records, TZ).announceCleared();
    t.app.alarms.events.off('changed', listen);
    expect(announced.filter((record) => record.id === alarm!.id).map((record) => record.processingState)).toEqual([4]);
    const cleared = await t.app.alarms.engine.records.get(alarm!.id);
    expect(cleared.ended_at).not.toBeNull();
    expect(cleared.processing_state).toBe(4); // done: closed by the system, like an offline alarm whose data came back
    const actions = await t.app.storage.db.selectFrom('alarm_actions').select('action').where('record_id', '=', alarm!.id).orderBy('id').execute();
    expect(actions.map((row) => row.action)).toEqual(['raised', 'cleared']);

    const here = new CheckReminders(t.app.storage.db, t.app.alarms.engine.records, TZ);
    expect(await here.runIfDue(at('2026-12-10'))).toEqual({ ran: true, raised: 0 }); // due that day, not yet past
    expect(await here.runIfDue(at('2026-12-11'))).toEqual({ ran: true, raised: 1 });
    const rows = await reminderRows(meters['CHK-1']!);
    expect(rows.map((row) => row.message)).toEqual([
      'Check overdue: CHK-1 calibration was due 2026-11-01',
      'Check overdue: CHK-1 calibration was due 2026-12-10',
    ]);
    // Moving the due day of the reminded check clears its reminder and lets the new day be reminded of.
    const latest = newer.data;
    const moved = await api('PUT', `/api/meter-checks/${latest.id}`, { ...latest, nextDue: '2026-12-20' });
    expect(moved.code).toBe(0);
    expect((await t.app.alarms.engine.records.get(rows[1]!.id)).processing_state).toBe(4);
    expect(await here.runIfDue(at('2026-12-12'))).toEqual({ ran: true, raised: 0 });
  });
});
