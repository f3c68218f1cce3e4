// Shared by the tariff benches: a realistic time-of-use tariff (4 bands, 2 seasons, half-hour edges, holidays)
// attached to the bench organisation, and the check that band rollups hold exactly the energy rollups' energy.
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import type { TariffDefinition } from '../shared/tariffs';

const layout = (summer: boolean): TariffDefinition['seasons'][number]['layouts'] => ({
  workday: [
    { from: '00:00', to: '08:00', band: 'valley' },
    { from: '08:00', to: '10:30', band: 'flat' },
    { from: '10:30', to: summer ? '12:00' : '11:30', band: 'peak' },
    { from: summer ? '12:00' : '11:30', to: '14:00', band: summer ? 'sharp' : 'peak' },
    { from: '14:00', to: '19:00', band: 'peak' },
    { from: '19:00', to: '22:00', band: 'flat' },
    { from: '22:00', to: '24:00', band: 'valley' },
  ],
  weekend: [
    { from: '00:00', to: '08:00', band: 'valley' },
    { from: '08:00', to: '22:00', band: 'flat' },
    { from: '22:00', to: '24:00', band: 'valley' },
  ],
  holiday: [{ from: '00:00', to: '24:00', band: 'valley' }],
});

export const BENCH_TARIFF: TariffDefinition = {
  prices: { sharp: '1.352100', peak: '1.052300', flat: '0.652100', valley: '0.312400' },
  seasons: [
    { name: 'Summer', months: [6, 7, 8, 9], layouts: layout(true), prices: { peak: '1.152300' } },
    { name: 'Winter', months: [1, 2, 3, 4, 5, 10, 11, 12], layouts: layout(false) },
  ],
  tiers: [],
};

/** One tariff with one open version from `validFrom`, assigned to every top-level department; a few holidays. */
export async function attachBenchTariff(
  db: Kysely<Database>,
  topDepartmentIds: number[],
  validFrom = '2000-01-01',
): Promise<{ tariffId: number; versionId: number }> {
  const owner = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const now = Date.now();
  const tariffId = (
    await db
      .insertInto('tariffs')
      .values({ owner_user_id: owner, name: 'Bench TOU', energy_type: 'electricity', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const versionId = (
    await db
      .insertInto('tariff_versions')
      .values({ tariff_id: tariffId, valid_from: validFrom, valid_to: null, definition: JSON.stringify(BENCH_TARIFF), created_by: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('tariff_assignments')
    .values(
      topDepartmentIds.map((id) => ({
        owner_user_id: owner,
        tariff_id: tariffId,
        target: 'department' as const,
        target_id: id,
        energy_type: 'electricity',
        created_at: now,
      })),
    )
    .execute();
  const year = new Date().getUTCFullYear();
  const holidays = [`${year - 1}-10-01`, `${year - 1}-10-02`, `${year}-01-01`, `${year}-05-01`, `${year}-10-01`, `${year}-10-02`, `${year}-10-03`];
  await db
    .insertInto('calendar_days')
    .values(holidays.map((day) => ({ day, day_type: 'holiday' as const, name: 'Bench holiday', updated_by: null, updated_at: now })))
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  return { tariffId, versionId };
}

/** Band rollup energy against energy rollup energy, per scope and grain: equal when every kWh is in exactly one band. */
export async function bandTotals(db: Kysely<Database>): Promise<{ label: string; band: number; energy: number }[]> {
  const sum = async (table: 'band_rollups' | 'energy_rollups', scope: 'meter' | 'department' | 'subitem', grain: 'hour' | 'day' | 'month') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.sum<number>('energy').as('e'))
          .where('scope', '=', scope)
          .where('grain', '=', grain)
          .executeTakeFirst()
      )?.e ?? 0,
    );
  const out: { label: string; band: number; energy: number }[] = [];
  for (const [scope, grain] of [
    ['meter', 'hour'],
    ['meter', 'day'],
    ['meter', 'month'],
    ['department', 'day'],
    ['department', 'month'],
    ['subitem', 'month'],
  ] as const) {
    out.push({ label: `${scope} ${grain}`, band: await sum('band_rollups', scope, grain), energy: await sum('energy_rollups', scope, grain) });
  }
  return out;
}

export const totalsMatch = (t: { band: number; energy: number }): boolean => Math.abs(t.band - t.energy) <= Math.max(1e-9 * Math.abs(t.energy), 1e-6);
