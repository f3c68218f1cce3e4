import type { Kysely } from 'kysely';
import type { BandSpan, TariffDefinition } from '@shared/tariffs';
import type { DbKind } from '../db/connect';
import type { Database } from '../db/schema';
import { addDays, localPeriods } from '../metering/calendar';
import { CalendarStore } from '../calendar/calendarStore';
import { ShiftStore } from '../shifts/shiftStore';
import { ApportionRules } from '../settlement/apportionRules';
import { TariffStore } from '../tariffs/tariffStore';
import { ownerScopeOfUser, type OwnerScope } from '../tenancy/ownerScope';

/**
 * The money side of the living demo, each through its domain's store so its rules hold as for a
 * user's save: the working calendar (China's public holidays and adjusted workdays), time-of-use tariffs with
 * their assignments, shift templates, teams and a rota for the plant and Production Hall A, and a common-area apportionment
 * rule for the office floors. Made before the simulator's backfill, so ingest prices the backfilled energy.
 */

// ---- calendar ----
/**
 * China's public holidays and the weekend days worked in exchange (调休), as the State Council's notices for
 * 2025 and 2026 state them. 2027's notice is not out yet: its statutory days only (no adjusted days), named provisional.
 */
export const DEMO_CALENDAR_CSV = [
  'day,type,name',
  '2025-01-01,holiday,New Year’s Day',
  '2025-01-26,workday,Worked for Spring Festival',
  ...range('2025-01-28', '2025-02-04').map((day) => `${day},holiday,Spring Festival`),
  '2025-02-08,workday,Worked for Spring Festival',
  ...range('2025-04-04', '2025-04-06').map((day) => `${day},holiday,Qingming Festival`),
  '2025-04-27,workday,Worked for Labour Day',
  ...range('2025-05-01', '2025-05-05').map((day) => `${day},holiday,Labour Day`),
  ...range('2025-05-31', '2025-06-02').map((day) => `${day},holiday,Dragon Boat Festival`),
  '2025-09-28,workday,Worked for National Day',
  ...range('2025-10-01', '2025-10-08').map((day) => `${day},holiday,National Day and Mid-Autumn Festival`),
  '2025-10-11,workday,Worked for National Day',
  ...range('2026-01-01', '2026-01-03').map((day) => `${day},holiday,New Year’s Day`),
  '2026-01-04,workday,Worked for New Year’s Day',
  '2026-02-14,workday,Worked for Spring Festival',
  ...range('2026-02-15', '2026-02-23').map((day) => `${day},holiday,Spring Festival`),
  '2026-02-28,workday,Worked for Spring Festival',
  ...range('2026-04-04', '2026-04-06').map((day) => `${day},holiday,Qingming Festival`),
  ...range('2026-05-01', '2026-05-05').map((day) => `${day},holiday,Labour Day`),
  '2026-05-09,workday,Worked for Labour Day',
  ...range('2026-06-19', '2026-06-21').map((day) => `${day},holiday,Dragon Boat Festival`),
  '2026-09-20,workday,Worked for National Day',
  ...range('2026-09-25', '2026-09-27').map((day) => `${day},holiday,Mid-Autumn Festival`),
  ...range('2026-10-01', '2026-10-07').map((day) => `${day},holiday,National Day`),
  '2026-10-10,workday,Worked for National Day',
  '2027-01-01,holiday,New Year’s Day (2027, provisional)',
  ...range('2027-02-05', '2027-02-08').map((day) => `${day},holiday,Spring Festival (2027, provisional)`),
  '2027-04-05,holiday,Qingming Festival (2027, provisional)',
  ...range('2027-05-01', '2027-05-02').map((day) => `${day},holiday,Labour Day (2027, provisional)`),
  '2027-06-09,holiday,Dragon Boat Festival (2027, provisional)',
  '2027-09-15,holiday,Mid-Autumn Festival (2027, provisional)',
  ...range('2027-10-01', '2027-10-03').map((day) => `${day},holiday,National Day (2027, provisional)`),
].join('\n');

function range(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

// ---- tariffs ----
const span = (from: string, to: string, band: BandSpan['band']): BandSpan => ({ from, to, band });

/** Holidays (and only they) have a deep-valley midday, as provinces with much solar power publish. */
const HOLIDAY_LAYOUT: BandSpan[] = [
  span('23:00', '07:00', 'valley'),
  span('07:00', '11:00', 'flat'),
  span('11:00', '15:00', 'deepValley'),
  span('15:00', '23:00', 'flat'),
];

/**
 * Industrial TOU (demo): a Jiangsu-like layout on the quarter hour. Summer (June–September) has two sharp
 * spells, 11:00–13:00 and 16:00–17:00; winter (December–February) one, 18:00–20:00; the other months none.
 * Peak 1.0123 : valley 0.3012 = 3.36 : 1 (above the national 3:1 guidance).
 */
export const INDUSTRIAL_TOU: TariffDefinition = {
  prices: { sharp: '1.2345', peak: '1.0123', flat: '0.6321', valley: '0.3012', deepValley: '0.1807' },
  seasons: [
    {
      name: 'Summer',
      months: [6, 7, 8, 9],
      layouts: {
        workday: [
          span('23:00', '07:00', 'valley'),
          span('07:00', '08:00', 'flat'),
          span('08:00', '11:00', 'peak'),
          span('11:00', '13:00', 'sharp'),
          span('13:00', '16:00', 'flat'),
          span('16:00', '17:00', 'sharp'),
          span('17:00', '21:30', 'peak'),
          span('21:30', '23:00', 'flat'),
        ],
        holiday: HOLIDAY_LAYOUT,
      },
    },
    {
      name: 'Winter',
      months: [12, 1, 2],
      layouts: {
        workday: [
          span('23:00', '07:00', 'valley'),
          span('07:00', '08:00', 'flat'),
          span('08:00', '11:00', 'peak'),
          span('11:00', '17:00', 'flat'),
          span('17:00', '18:00', 'peak'),
          span('18:00', '20:00', 'sharp'),
          span('20:00', '21:30', 'peak'),
          span('21:30', '23:00', 'flat'),
        ],
        holiday: HOLIDAY_LAYOUT,
      },
    },
    {
      name: 'Other months',
      months: [3, 4, 5, 10, 11],
      layouts: {
        workday: [
          span('23:00', '07:00', 'valley'),
          span('07:00', '08:00', 'flat'),
          span('08:00', '11:00', 'peak'),
          span('11:00', '17:00', 'flat'),
          span('17:00', '21:30', 'peak'),
          span('21:30', '23:00', 'flat'),
        ],
        holiday: HOLIDAY_LAYOUT,
      },
    },
  ],
  tiers: [],
};

/** Commercial TOU (demo), the office tenant on Floor 2: one season, no sharp band. 1.1520 : 0.3820 = 3.02 : 1. */
export const COMMERCIAL_TOU: TariffDefinition = {
  prices: { peak: '1.1520', flat: '0.7650', valley: '0.3820' },
  seasons: [
    {
      name: 'All year',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      layouts: {
        workday: [
          span('22:00', '08:00', 'valley'),
          span('08:00', '12:00', 'peak'),
          span('12:00', '17:00', 'flat'),
          span('17:00', '21:00', 'peak'),
          span('21:00', '22:00', 'flat'),
        ],
      },
    },
  ],
  tiers: [],
};

/** Water (demo): one flat band all day, and 1.05 more per m³ beyond 3,000 m³ in a month. */
export const WATER_FLAT: TariffDefinition = {
  prices: { flat: '4.2000' },
  seasons: [{ name: 'All year', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: [span('00:00', '24:00', 'flat')] } }],
  tiers: [{ fromUnits: 3000, adder: '1.0500' }],
};

/** Natural gas (demo): one flat price. */
export const GAS_FLAT: TariffDefinition = {
  prices: { flat: '3.4500' },
  seasons: [{ name: 'All year', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: [span('00:00', '24:00', 'flat')] } }],
  tiers: [],
};

/** How far back the demo's versions start: the simulator's whole backfill (DEFAULT_BACKFILL_DAYS) is priced. */
export const DEMO_TARIFF_DAYS_BACK = 430;

export interface DemoContext {
  adminId: number;
  timeZone: string;
  dbKind: DbKind;
  now?: number;
}

async function departmentIds(db: Kysely<Database>, codes: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'code'])
    .where('code', 'in', [...codes])
    .execute();
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** Through the calendar's CSV import, as an administrator would load it; a refused line is a broken demo and throws. */
export async function createDemoCalendar(db: Kysely<Database>, adminId: number): Promise<number> {
  const result = await new CalendarStore(db).import(DEMO_CALENDAR_CSV, false, adminId);
  const problem = result.problems[0];
  if (problem) throw new Error(`Demo calendar line ${problem.line}: ${problem.reason}`);
  return result.written;
}

/**
 * Four tariffs of the admin's tree, each with one open-ended version from 430 days back: the industrial TOU on
 * both sites' top departments (electricity), water and gas likewise, and the commercial TOU on Floor 2 (a tenant).
 * On a site that has no energy yet, the recompute jobs the assignments queued are dropped: there is nothing to
 * recompute, and ingest prices the backfill as it comes. On a site with history they stay and reprice it.
 */
export async function createDemoTariffs(db: Kysely<Database>, context: DemoContext): Promise<void> {
  const scope = await ownerScopeOfUser(db, context.adminId);
  const now = context.now ?? Date.now();
  const store = new TariffStore(db, { timeZone: context.timeZone, dbKind: context.dbKind, afterChange: async () => undefined, now: () => now });
  const actor = { userId: context.adminId, scope };
  const validFrom = addDays(localPeriods(now, context.timeZone).day, -DEMO_TARIFF_DAYS_BACK);
  const departments = await departmentIds(db, ['PLANT', 'OFFICE', 'FLOOR-2']);
  const hadEnergy = (await db.selectFrom('energy_intervals').select('meter_id').limit(1).executeTakeFirst()) !== undefined;
  const jobs: number[] = [];

  const make = async (name: string, energyType: 'electricity' | 'water' | 'gas', definition: TariffDefinition, note: string, targets: string[]) => {
    const tariff = await store.createTariff({ name, energyType, currency: 'CNY', note }, actor);
    await store.createVersion(tariff.id, { validFrom, validTo: null, definition, note: 'Demo prices' }, actor);
    for (const code of targets) {
      const targetId = departments.get(code);
      if (targetId === undefined) continue;
      const assignment = await store.createAssignment({ tariffId: tariff.id, target: 'department', targetId }, actor);
      if (assignment.recomputeJobId) jobs.push(assignment.recomputeJobId);
    }
  };
  await make('Industrial TOU (demo)', 'electricity', INDUSTRIAL_TOU, 'Time-of-use prices of the plant and the office building', ['PLANT', 'OFFICE']);
  await make('Commercial TOU (demo)', 'electricity', COMMERCIAL_TOU, 'The tenant on Floor 2 buys at commercial prices', ['FLOOR-2']);
  await make('Water (demo)', 'water', WATER_FLAT, 'One price all day; more per m³ beyond 3,000 m³ a month', ['PLANT', 'OFFICE']);
  await make('Natural gas (demo)', 'gas', GAS_FLAT, 'One price all day', ['PLANT', 'OFFICE']);
  if (!hadEnergy && jobs.length) await db.deleteFrom('recompute_jobs').where('id', 'in', jobs).where('state', '=', 'queued').execute();
}

/** The four-team, three-shift rota (四班三运转): each team two mornings, two evenings, two nights, two days off. */
const ROTA_CYCLE = {
  Morning: ['Team A', 'Team A', 'Team D', 'Team D', 'Team C', 'Team C', 'Team B', 'Team B'],
  Evening: ['Team B', 'Team B', 'Team A', 'Team A', 'Team D', 'Team D', 'Team C', 'Team C'],
  Night: ['Team C', 'Team C', 'Team B', 'Team B', 'Team A', 'Team A', 'Team D', 'Team D'],
} as const;
/** The rota covers the recent past (shift energy has history) and the months ahead. */
export const DEMO_ROTA_DAYS_BACK = 60;
export const DEMO_ROTA_DAYS_AHEAD = 180;

export async function createDemoShifts(db: Kysely<Database>, context: DemoContext): Promise<void> {
  const scope: OwnerScope = await ownerScopeOfUser(db, context.adminId);
  const store = new ShiftStore(db);
  const templates = [
    { name: 'Morning', start: '06:00', end: '14:00', sort: 1 },
    { name: 'Evening', start: '14:00', end: '22:00', sort: 2 },
    { name: 'Night', start: '22:00', end: '06:00', sort: 3 },
  ];
  const shiftIds = new Map<string, number>();
  for (const template of templates) shiftIds.set(template.name, (await store.createTemplate(template, scope)).id);
  const teamIds = new Map<string, number>();
  for (const [index, name] of ['Team A', 'Team B', 'Team C', 'Team D'].entries())
    teamIds.set(name, (await store.createTeam({ name, sort: index + 1 }, scope)).id);
  // The whole plant and its production hall run the same rota, so the shift screen opens on figures (it starts at the plant).
  const departments = await departmentIds(db, ['PLANT', 'HALL-A']);
  const today = localPeriods(context.now ?? Date.now(), context.timeZone).day;
  for (const departmentId of departments.values()) {
    await store.fill(
      {
        departmentId,
        from: addDays(today, -DEMO_ROTA_DAYS_BACK),
        to: addDays(today, DEMO_ROTA_DAYS_AHEAD),
        pattern: Object.entries(ROTA_CYCLE).map(([shift, teams]) => ({ shiftId: shiftIds.get(shift)!, teamIds: teams.map((team) => teamIds.get(team)!) })),
      },
      scope,
    );
  }
}

/** The data room serves both office floors: its electricity is shared by floor area (Floor 1 1,200 m², Floor 2 800 m²). */
export async function createDemoApportionRule(db: Kysely<Database>, adminId: number): Promise<void> {
  const departments = await departmentIds(db, ['DATA-ROOM', 'FLOOR-1', 'FLOOR-2']);
  const source = departments.get('DATA-ROOM');
  const floor1 = departments.get('FLOOR-1');
  const floor2 = departments.get('FLOOR-2');
  if (source === undefined || floor1 === undefined || floor2 === undefined) return;
  await new ApportionRules(db).create(await ownerScopeOfUser(db, adminId), {
    name: 'Data room shared by floor area',
    energyType: 'electricity',
    sourceDepartmentId: source,
    method: 'area',
    shares: [
      { departmentId: floor1, value: 1200 },
      { departmentId: floor2, value: 800 },
    ],
  });
}
