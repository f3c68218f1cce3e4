import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { meterCheckResource, meterCheckSchema } from '@shared/resources/meterChecks';
import type { Database } from '../db/schema';
import { addDays, localPeriods } from '../metering/calendar';
import { RESOURCE_HOOKS } from '../resources/hooks';
import { ResourceRepository } from '../resources/resourceRepository';
import { tableOf } from '../resources/resourceTable';
import { CheckReminders } from '../meterChecks/checkReminders';
import { ownerScopeOfUser } from '../tenancy/ownerScope';
import { claimSeed } from './seedOnce';

/** The same day a year later (29 February → 28 February). */
export function sameDayNextYear(day: string): string {
  const monthDay = day.slice(5) === '02-29' ? '02-28' : day.slice(5);
  return `${Number(day.slice(0, 4)) + 1}-${monthDay}`;
}

/** The demo meter whose calibration is overdue: the paint shop meter the simulator glitches (DEMO_GLITCH_METER). */
export const DEMO_OVERDUE_METER = 'M022';

interface DemoCheck {
  meter: string;
  kind: 'calibration' | 'repair';
  /** Days before today (TIME_ZONE). */
  daysAgo: number;
  checkedBy: string;
  result: 'pass' | 'repaired';
  /** The next due day: a year after the check ('year'), `daysAgo` days before today (overdue), or none. */
  nextDue: 'year' | { daysAgo: number } | null;
  note: string;
}

/**
 * Checks and repairs of /settlement/checkRepair made by the seed: three calibrations passed (next due a year after
 * the check) and one repair. None is overdue, so a test app (seeded, no simulator) raises no reminder.
 */
export const DEMO_METER_CHECKS: readonly DemoCheck[] = [
  {
    meter: 'M001',
    kind: 'calibration',
    daysAgo: 120,
    checkedBy: 'Provincial Metrology Institute',
    result: 'pass',
    nextDue: 'year',
    note: 'Class 0.5S, within tolerance at 5 %, 20 %, 100 % and 120 % load',
  },
  {
    meter: 'M040',
    kind: 'calibration',
    daysAgo: 45,
    checkedBy: 'Provincial Metrology Institute',
    result: 'pass',
    nextDue: 'year',
    note: 'Class 0.5S, on-site check with a reference meter',
  },
  {
    meter: 'M002',
    kind: 'calibration',
    daysAgo: 200,
    checkedBy: 'City Water Meter Test Station',
    result: 'pass',
    nextDue: 'year',
    note: 'DN100, error +0.8 % at Q3',
  },
  {
    meter: 'M033',
    kind: 'repair',
    daysAgo: 20,
    checkedBy: 'Li Ming (maintenance)',
    result: 'repaired',
    nextDue: null,
    note: 'CT secondary terminal loose, readings dropped out; retightened and sealed',
  },
];

/** The living demo's overdue calibration (made when the simulator starts): due 35 days ago. */
export const DEMO_OVERDUE_CHECK: DemoCheck = {
  meter: DEMO_OVERDUE_METER,
  kind: 'calibration',
  daysAgo: 400,
  checkedBy: 'Provincial Metrology Institute',
  result: 'pass',
  nextDue: { daysAgo: 35 },
  note: 'Class 1, within tolerance',
};

/** The key in seeded_samples of the overdue calibration (claimed by the simulator's start, not by seedDemoObjects). */
export const DEMO_OVERDUE_CHECK_KEY = 'demo-overdue-check';

/**
 * Writes demo checks through the meter check resource's repository (its schema and hooks, as a user's save), in
 * the admin's tree; days counted back from today in TIME_ZONE. A meter that is gone is skipped. Returns how many.
 */
export async function createDemoMeterChecks(
  db: Kysely<Database>,
  adminId: number,
  timeZone: string,
  now = Date.now(),
  demoChecks: readonly DemoCheck[] = DEMO_METER_CHECKS,
): Promise<number> {
  const scope = await ownerScopeOfUser(db, adminId);
  const checks = new ResourceRepository(db, meterCheckResource, tableOf(meterCheckResource, RESOURCE_HOOKS[meterCheckResource.name]));
  const meters = await db
    .selectFrom('meters')
    .select(['id', 'code'])
    .where(
      'code',
      'in',
      demoChecks.map((check) => check.meter),
    )
    .where('owner_user_id', '=', scope.home)
    .execute();
  const meterIds = new Map(meters.map((meter) => [meter.code, meter.id]));
  const today = localPeriods(now, timeZone).day;
  let made = 0;
  for (const demo of demoChecks) {
    const meterId = meterIds.get(demo.meter);
    if (meterId === undefined) continue;
    const checkDay = addDays(today, -demo.daysAgo);
    const nextDue = demo.nextDue === null ? null : demo.nextDue === 'year' ? sameDayNextYear(checkDay) : addDays(today, -demo.nextDue.daysAgo);
    const input = meterCheckSchema.parse({ meterId, kind: demo.kind, checkDay, checkedBy: demo.checkedBy, result: demo.result, nextDue, note: demo.note });
    await checks.create(input, scope);
    made += 1;
  }
  return made;
}

/**
 * The living demo's overdue calibration of M022, once (key `demo-overdue-check`), when the simulator starts
 * (simulator/startDemo.ts): a test app seeds the demo without the simulator, and a reminder alarm there would
 * change every alarm count. The day's overdue pass has usually run already (it starts with the app), so the
 * reminder is raised here at once (`raiseOverdue` is once per check and due day, as the pass), not tomorrow:
 * "Check overdue: M022 calibration was due …" is in Alarms on the first start. Returns how many it raised.
 */
export async function createDemoOverdueCheck(app: FastifyInstance, now = Date.now()): Promise<number> {
  const db = app.storage.db;
  const timeZone = app.serverConfig.timeZone;
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) return 0;
  if (!(await claimSeed(db, DEMO_OVERDUE_CHECK_KEY))) return 0;
  if ((await createDemoMeterChecks(db, admin.id, timeZone, now, [DEMO_OVERDUE_CHECK])) === 0) return 0;
  return new CheckReminders(db, app.alarms.engine.records, timeZone).raiseOverdue(localPeriods(now, timeZone).day, now);
}
