import type { FastifyInstance } from 'fastify';
import type { FuelMapping, PowerMapping } from '@shared/powerImports/schemas';
import { addDays, addMonths, localPeriods } from '../metering/calendar';
import { claimSeed } from '../seed/seedOnce';
import { ownerScopeOfUser } from '../tenancy/ownerScope';

/** Its key in seeded_samples: claimed by the simulator's start after the backfill (test apps seed no imports). */
export const DEMO_POWER_IMPORTS_KEY = 'demo-power-imports'; // DEMO_SEED_KEYS.powerImports

/** The utility's meters: the plant and office incomers. */
const UTILITY_METERS = ['M001', 'M040'];
const POWER_DAYS = 75;
/** Days (counted back from yesterday) the utility's figure is off by more than 5 %, so the comparison flags them. */
const OFF_DAYS: Record<number, number> = { 9: 1.072, 23: 0.931, 41: 1.085, 58: 0.94 };

/** A deterministic wobble of ±0.8 % per meter and day (the utility's meter is not ours). */
const wobble = (meter: number, day: number) => 1 + 0.008 * Math.sin(meter * 7.3 + day * 2.1);

const two = (n: number) => String(n).padStart(2, '0');
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The demo's imported data, through the same pipeline a user's file takes (upload → batch → worker): the utility's
 * daily figures of the plant and office incomers for the last 75 days, in MWh with DD/MM/YYYY dates, close to what
 * was metered but four days more than 5 % off; and a fuel log: diesel for the standby generator (Utilities) and
 * hydrogen for the warehouse forklifts, weekly, in L / t and kg / Nm³, with a diesel factor version from the first
 * of last month (the delivery note's density). Made once, after the simulator's backfill.
 */
export async function createDemoPowerImports(app: FastifyInstance, now = Date.now()): Promise<{ powerRows: number; fuelRows: number } | null> {
  const db = app.storage.db;
  const timeZone = app.serverConfig.timeZone;
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) return null;
  const meters = await db.selectFrom('meters').select(['id', 'code']).where('code', 'in', UTILITY_METERS).where('owner_user_id', '=', admin.id).execute();
  if (meters.length === 0) return null;
  if (!(await claimSeed(db, DEMO_POWER_IMPORTS_KEY, now))) return null;
  const scope = await ownerScopeOfUser(db, admin.id);
  const { uploads, batches, factors } = app.powerImports;

  const today = localPeriods(now, timeZone).day;
  const first = addDays(today, -POWER_DAYS);
  const metered = await db
    .selectFrom('energy_rollups')
    .select(['scope_id', 'period', 'energy'])
    .where('scope', '=', 'meter')
    .where('grain', '=', 'day')
    .where(
      'scope_id',
      'in',
      meters.map((meter) => meter.id),
    )
    .where('period', '>=', first)
    .where('period', '<', today)
    .execute();
  const lines = ['Meter No.,Reading date,Consumption (MWh)'];
  for (const row of metered.sort((a, b) => a.period.localeCompare(b.period) || a.scope_id - b.scope_id)) {
    const code = meters.find((meter) => meter.id === row.scope_id)!.code;
    const back = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${row.period}T00:00:00Z`)) / 86_400_000);
    const factor = OFF_DAYS[back] ?? wobble(row.scope_id, back);
    lines.push(`${code},${dmy(row.period)},${((Number(row.energy) * factor) / 1000).toFixed(4)}`);
  }
  const powerMapping: PowerMapping = {
    headerRow: 1,
    periodStart: 1,
    periodEnd: { kind: 'interval', interval: 'day' },
    value: 2,
    object: { kind: 'column', column: 0, objectKind: 'meter' },
    timeZone,
    dateFormat: 'DD/MM/YYYY HH:mm',
    unit: 'MWh',
  };
  const powerUpload = await uploads.store(scope, admin.id, 'power', `utility-daily-${first}-${today}.csv`, Buffer.from(`${lines.join('\r\n')}\r\n`), now);
  await batches.create(scope, admin.id, 'power', powerUpload.id, powerMapping, now);

  // Weekly fuel: generator test runs (about 200 L, one outage week of 1.2 t) and forklift hydrogen (30–40 kg, some weeks in Nm³).
  const fuelLines = ['Week from,Week to,Department,Fuel,Quantity,Unit,Note'];
  for (let week = 10; week >= 1; week--) {
    const from = addDays(today, -7 * week - 1);
    const to = addDays(from, 7);
    const diesel = week === 6 ? '1.2,t,Grid outage: generator ran 14 h' : `${180 + ((week * 37) % 80)},L,Weekly test run`;
    fuelLines.push(`${from} 00:00,${to} 00:00,UTILITIES,Diesel,${diesel}`);
    const hydrogen = week % 3 === 0 ? `${360 + week * 9},Nm3,Forklift refuelling` : `${30 + ((week * 13) % 11)}.${two(week * 7)},kg,Forklift refuelling`;
    fuelLines.push(`${from} 00:00,${to} 00:00,WAREHOUSE,Hydrogen,${hydrogen}`);
  }
  const fuelMapping: FuelMapping = {
    headerRow: 1,
    periodStart: 0,
    periodEnd: { kind: 'column', column: 1 },
    value: 4,
    object: { kind: 'column', column: 2, objectKind: 'department' },
    timeZone,
    dateFormat: 'YYYY-MM-DD HH:mm',
    fuel: { kind: 'column', column: 3 },
    unit: { kind: 'column', column: 5 },
  };
  const lastMonthFirst = `${addMonths(today.slice(0, 7), -1)}-01`;
  await factors.create(
    scope,
    admin.id,
    {
      fuel: 'diesel',
      validFrom: lastMonthFirst,
      ncvMjPerKg: 42.652,
      kgcePerKg: 1.4571,
      co2KgPerKg: 3.0959,
      densityKgPerL: 0.835,
      densityKgPerNm3: null,
      source: 'GB/T 2589-2020; density from the supplier’s delivery note',
      note: 'Winter diesel (-10#), density 0.835 kg/L at 20 °C',
    },
    now,
  );
  const fuelUpload = await uploads.store(scope, admin.id, 'fuel', 'fuel-log.csv', Buffer.from(`${fuelLines.join('\r\n')}\r\n`), now);
  await batches.create(scope, admin.id, 'fuel', fuelUpload.id, fuelMapping, now + 1);
  return { powerRows: lines.length - 1, fuelRows: fuelLines.length - 1 };
}
