import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { addDays, localPeriods } from '../metering/calendar';
import { CheckReminders } from '../meterChecks/checkReminders';
import { createDemoOverdueCheck, DEMO_OVERDUE_METER, sameDayNextYear } from './demoMeterChecks';
import { seed } from './index';

const TZ = 'Asia/Shanghai';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
}, 60_000);
afterAll(() => t.close());

const db = () => t.app.storage.db;
const today = () => localPeriods(Date.now(), TZ).day;

const overdueAlarms = () =>
  db().selectFrom('alarm_records').select(['id', 'message', 'kind', 'subject_code']).where('message', 'like', 'Check overdue:%').execute();

async function demoChecks() {
  return db()
    .selectFrom('meter_checks')
    .innerJoin('meters', 'meters.id', 'meter_checks.meter_id')
    .innerJoin('users', 'users.id', 'meter_checks.owner_user_id')
    .select([
      'meters.code',
      'meter_checks.kind',
      'meter_checks.check_day',
      'meter_checks.result',
      'meter_checks.next_due',
      'meter_checks.overdue_alarm_id',
      'users.username',
    ])
    .orderBy('meters.code')
    .execute();
}

describe('the demo meter checks', () => {
  it('sameDayNextYear keeps the day, and 29 February becomes 28 February', () => {
    expect(sameDayNextYear('2026-07-15')).toBe('2027-07-15');
    expect(sameDayNextYear('2028-02-29')).toBe('2029-02-28');
  });

  it('holds three passed calibrations due a year on and a repair, in the admin’s tree, and raises no reminder', async () => {
    const rows = await demoChecks();
    const day = today();
    expect(rows.map(({ code, kind, check_day, result, next_due, username }) => ({ code, kind, check_day, result, next_due, username }))).toEqual([
      { code: 'M001', kind: 'calibration', check_day: addDays(day, -120), result: 'pass', next_due: sameDayNextYear(addDays(day, -120)), username: 'admin' },
      { code: 'M002', kind: 'calibration', check_day: addDays(day, -200), result: 'pass', next_due: sameDayNextYear(addDays(day, -200)), username: 'admin' },
      { code: 'M033', kind: 'repair', check_day: addDays(day, -20), result: 'repaired', next_due: null, username: 'admin' },
      { code: 'M040', kind: 'calibration', check_day: addDays(day, -45), result: 'pass', next_due: sameDayNextYear(addDays(day, -45)), username: 'admin' },
    ]);
    for (const row of rows) if (row.next_due !== null) expect(row.next_due > day).toBe(true);
    // The screen's list shows them (GET /api/meter-checks in the admin's tree).
    const token = await loginAs(t.app);
    const listed = await t.app.inject({ method: 'GET', url: '/api/meter-checks?page=1&size=50', headers: bearer(token) });
    expect((listed.json() as { data: { total: number } }).data.total).toBe(4);
    // The start-up pass has run (its claim of today is there) and found nothing overdue.
    for (let i = 0; i < 100 && !(await db().selectFrom('job_claims').select('job').where('job', '=', 'meter-check-reminders').executeTakeFirst()); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await overdueAlarms()).toEqual([]);
  });

  it('has the simulator’s start add the overdue calibration of M022 once and raise its reminder at once', async () => {
    const due = addDays(today(), -35);
    expect(await createDemoOverdueCheck(t.app)).toBe(1);
    expect(await createDemoOverdueCheck(t.app)).toBe(0); // claimed once
    const alarms = await overdueAlarms();
    expect(alarms.map(({ message, kind, subject_code }) => ({ message, kind, subject_code }))).toEqual([
      { message: `Check overdue: M022 calibration was due ${due}`, kind: 'device', subject_code: 'M022' },
    ]);
    const overdue = (await demoChecks()).find((row) => row.code === DEMO_OVERDUE_METER)!;
    expect(overdue).toMatchObject({ kind: 'calibration', check_day: addDays(today(), -400), next_due: due, overdue_alarm_id: alarms[0]!.id });
    // The daily pass does not raise it again.
    expect(await new CheckReminders(db(), t.app.alarms.engine.records, TZ).raiseOverdue(today(), Date.now())).toBe(0);
  });

  it('is made once: another seed adds nothing, and a check an administrator deleted stays deleted', async () => {
    await seed(db(), { adminPassword: undefined, demo: true });
    expect(await demoChecks()).toHaveLength(5);
    await db().deleteFrom('meter_checks').where('kind', '=', 'repair').execute();
    await seed(db(), { adminPassword: undefined, demo: true });
    expect((await demoChecks()).map((row) => row.code)).toEqual(['M001', 'M002', 'M022', 'M040']);
  });

  it('is absent with SEED_DEMO off', async () => {
    const bare = await createTestApp({ seedDemo: false });
    try {
      expect(await bare.app.storage.db.selectFrom('meter_checks').select('id').execute()).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
