import type { Kysely } from 'kysely';
import { SHIFT_ENERGY_MAX_DAYS, type CurrentShift, type ShiftEnergyRow } from '@shared/schemas/shifts';
import { minorUnits } from '@shared/tariffs/money';
import type { Database } from '../db/schema';
import { departmentsCountedBy, mainMeterIndex, type DepartmentNode } from '../ingest/departmentContributions';
import type { OwnerScope } from '../tenancy/ownerScope';
import { addDays, daysBetween, localDay, shiftWindow } from './shiftClock';
import { checkRange, ShiftStore, templateOf } from './shiftStore';

/** What prices an interval: the tariff book (server/tariffs TariffBook) and each meter's effective tariff. */
export interface ShiftPricing {
  effective: ReadonlyMap<number, number>;
  book: {
    slotOf(tariffId: number, intervalStart: number): { versionId: number; season: number; band: string } | null;
    priceMicro(slot: { versionId: number; season: number; band: string }): number | null;
  };
}

export interface ShiftEnergyQuery {
  departmentId: number;
  from: string;
  to: string;
  energyType: string;
}

/**
 * The meters whose energy of `energyType` counts for the department, exactly as its energy rollups count them
 * (server/ingest/departmentContributions.ts): its main meter when it has one, else its own meters and those of
 * its sub-departments (each sub-department by its main meter when it has one).
 */
export async function metersCountedFor(db: Kysely<Database>, departmentId: number, energyType: string): Promise<number[]> {
  const [meters, departments] = await Promise.all([
    db.selectFrom('meters').select(['id', 'department_id', 'energy_type', 'is_main']).execute(),
    db.selectFrom('departments').select(['id', 'parent_id']).execute(),
  ]);
  const nodes = new Map<number, DepartmentNode>(departments.map((d) => [d.id, { id: d.id, parentId: d.parent_id }]));
  const placements = meters.map((m) => ({ meterId: m.id, departmentId: m.department_id, energyType: m.energy_type, isMain: m.is_main === 1 }));
  const mains = mainMeterIndex(placements);
  return placements
    .filter((placement) => placement.energyType === energyType && departmentsCountedBy(placement, nodes, mains).includes(departmentId))
    .map((placement) => placement.meterId);
}

/**
 * Energy (and cost) per production day and shift of a department, from the stored 15-minute intervals of its
 * counted meters: an interval counts for a shift when it STARTS in [shift start, shift end) in TIME_ZONE (the
 * interval-start convention; shift edges are on the quarter hour, so the interval lies wholly in the shift). A
 * night shift (end ≤ start) is counted on the day it starts. Every template of the department's tree gives a
 * row each day, with the team the rota plans (or none). Cost: each interval priced by its meter's effective
 * tariff, summed in micro-units and rounded once per row; null when no interval of the row was priced.
 */
export async function shiftEnergy(
  db: Kysely<Database>,
  scope: OwnerScope,
  query: ShiftEnergyQuery,
  timeZone: string,
  pricing: ShiftPricing | null,
): Promise<ShiftEnergyRow[]> {
  const store = new ShiftStore(db);
  const tree = await store.departmentTree(query.departmentId, scope);
  checkRange(query.from, query.to, SHIFT_ENERGY_MAX_DAYS);
  const owners = [...tree.owners];
  const [templates, teams, slots, meterIds] = await Promise.all([
    db
      .selectFrom('shift_templates')
      .select(['id', 'name', 'start_time', 'end_time', 'sort'])
      .where('owner_user_id', 'in', owners)
      .orderBy('sort')
      .orderBy('start_time')
      .orderBy('id')
      .execute(),
    db.selectFrom('shift_teams').select(['id', 'name']).where('owner_user_id', 'in', owners).execute(),
    db
      .selectFrom('shift_rota')
      .select(['day', 'shift_id', 'team_id'])
      .where('department_id', '=', query.departmentId)
      .where('day', '>=', query.from)
      .where('day', '<=', query.to)
      .execute(),
    metersCountedFor(db, query.departmentId, query.energyType),
  ]);
  if (templates.length === 0) return [];
  const teamName = new Map(teams.map((team) => [team.id, team.name]));
  const planned = new Map(slots.map((slot) => [`${slot.day}:${slot.shift_id}`, slot.team_id]));

  const windows = daysBetween(query.from, query.to).flatMap((day) =>
    templates.map((template) => ({ day, template: templateOf(template), ...shiftWindow(day, template.start_time, template.end_time, timeZone) })),
  );
  const first = Math.min(...windows.map((w) => w.from));
  const last = Math.max(...windows.map((w) => w.to));

  const intervals = meterIds.length
    ? await db
        .selectFrom('energy_intervals')
        .select(['meter_id', 'start', 'energy'])
        .where('meter_id', 'in', meterIds)
        .where('start', '>=', first)
        .where('start', '<', last)
        .execute()
    : [];
  const estimates = meterIds.length
    ? await db
        .selectFrom('interval_estimates')
        .select(['meter_id', 'start'])
        .where('meter_id', 'in', meterIds)
        .where('start', '>=', first)
        .where('start', '<', last)
        .execute()
    : [];
  const estimated = new Set(estimates.map((e) => `${e.meter_id}:${Number(e.start)}`));
  const points = intervals.map((row) => ({ meterId: row.meter_id, start: Number(row.start), energy: Number(row.energy) })).sort((a, b) => a.start - b.start);
  const firstAtOrAfter = (instant: number): number => {
    let low = 0;
    let high = points.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (points[mid]!.start < instant) low = mid + 1;
      else high = mid;
    }
    return low;
  };

  return windows.map(({ day, template, from, to }) => {
    let energy = 0;
    let costMicro = 0;
    let priced = false;
    let anyEstimated = false;
    for (let i = firstAtOrAfter(from); i < points.length && points[i]!.start < to; i++) {
      const point = points[i]!;
      energy += point.energy;
      if (estimated.has(`${point.meterId}:${point.start}`)) anyEstimated = true;
      const tariffId = pricing?.effective.get(point.meterId);
      if (pricing && tariffId !== undefined) {
        const slot = pricing.book.slotOf(tariffId, point.start);
        const price = slot ? pricing.book.priceMicro(slot) : null;
        if (price !== null) {
          costMicro += point.energy * price;
          priced = true;
        }
      }
    }
    const teamId = planned.get(`${day}:${template.id}`) ?? null;
    return {
      day,
      shiftId: template.id,
      shiftName: template.name,
      teamId,
      teamName: teamId === null ? null : (teamName.get(teamId) ?? null),
      start: template.start,
      end: template.end,
      from,
      to,
      energy,
      estimated: anyEstimated,
      costMinor: priced ? minorUnits(costMicro) : null,
    };
  });
}

/**
 * The shift in force at `now` for a department (wall widget): a template of the owners' trees whose window on
 * today's or yesterday's production day holds `now` (yesterday's night shift runs into this morning). When
 * shifts overlap, the one that started last. `owners`: the caller's owner ids (null or 'all': every tree).
 */
export async function currentShift(
  db: Kysely<Database>,
  owners: readonly number[] | null | 'all',
  departmentId: number,
  now: number,
  timeZone: string,
): Promise<CurrentShift | null> {
  let query = db.selectFrom('shift_templates').select(['id', 'name', 'start_time', 'end_time', 'sort']);
  if (owners !== null && owners !== 'all') query = query.where('owner_user_id', 'in', owners.length ? [...owners] : [-1]);
  const templates = await query.orderBy('sort').orderBy('id').execute();
  const today = localDay(now, timeZone);
  let best: { day: string; id: number; name: string; from: number; to: number } | null = null;
  for (const day of [addDays(today, -1), today]) {
    for (const template of templates) {
      const window = shiftWindow(day, template.start_time, template.end_time, timeZone);
      if (window.from <= now && now < window.to && (!best || window.from > best.from)) best = { day, id: template.id, name: template.name, ...window };
    }
  }
  if (!best) return null;
  const slot = await db
    .selectFrom('shift_rota')
    .leftJoin('shift_teams', 'shift_teams.id', 'shift_rota.team_id')
    .select('shift_teams.name as teamName')
    .where('shift_rota.department_id', '=', departmentId)
    .where('shift_rota.day', '=', best.day)
    .where('shift_rota.shift_id', '=', best.id)
    .executeTakeFirst();
  return { day: best.day, shiftId: best.id, shiftName: best.name, teamName: slot?.teamName ?? null, from: best.from, to: best.to };
}
