import type { Kysely } from 'kysely';
import type { ShiftEnergyData, ShiftEnergyQuery } from '@boards/widgets/shift-energy/channel';
import type { Database } from '../../db/schema';
import { addDays } from '../../metering/calendar';
import { shiftEnergy, type ShiftPricing } from '../../shifts/shiftEnergy';
import { localDay } from '../../shifts/shiftClock';
import type { OwnerScope } from '../../tenancy/ownerScope';
import { ENERGY_UNITS, type WallOwners } from './wallFigures';

/** Shift energy is the department's electricity (the shift screen's default energy type). */
export const SHIFT_ENERGY_TYPE = 'electricity';

/** The department a shift tile shows: the one asked for (in the caller's tree), else the first with a rota. */
export async function shiftDepartment(db: Kysely<Database>, owners: WallOwners, id: number | null): Promise<{ id: number; name: string } | null> {
  let query = db.selectFrom('departments').select(['departments.id', 'departments.name']);
  if (owners) query = query.where('departments.owner_user_id', 'in', owners.length ? [...owners] : [-1]);
  if (id !== null) return (await query.where('departments.id', '=', id).executeTakeFirst()) ?? null;
  const withRota = await query
    .where((eb) => eb.exists(eb.selectFrom('shift_rota').select('shift_rota.id').whereRef('shift_rota.department_id', '=', 'departments.id')))
    .orderBy('departments.id')
    .limit(1)
    .executeTakeFirst();
  return withRota ?? null;
}

/**
 * The shift under way in a department (its energy so far, and how much of it has passed) and the `previous`
 * finished shifts before it, oldest first: server/shifts' shiftEnergy over the last previous + 1 production days, so a
 * rota of one shift a day still has enough. A night shift belongs to the day it starts (shiftEnergy's rule).
 */
export async function wallShiftEnergy(
  db: Kysely<Database>,
  scope: OwnerScope,
  department: { id: number; name: string },
  query: ShiftEnergyQuery,
  now: number,
  timeZone: string,
  pricing: ShiftPricing | null,
  currency: string | null,
): Promise<ShiftEnergyData> {
  const today = localDay(now, timeZone);
  const rows = await shiftEnergy(
    db,
    scope,
    { departmentId: department.id, from: addDays(today, -(query.previous + 1)), to: today, energyType: SHIFT_ENERGY_TYPE },
    timeZone,
    pricing,
  );
  const ordered = [...rows].sort((a, b) => a.from - b.from || a.shiftId - b.shiftId);
  const line = (row: (typeof rows)[number]) => ({
    day: row.day,
    shiftId: row.shiftId,
    shiftName: row.shiftName,
    teamName: row.teamName,
    energy: row.energy,
    estimated: row.estimated ? 1 : 0,
    costMinor: row.costMinor,
  });
  const running = ordered.filter((row) => row.from <= now && now < row.to);
  const current = running[running.length - 1];
  const finished = ordered.filter((row) => row.to <= now).slice(-query.previous);
  return {
    computedAt: now,
    departmentId: department.id,
    departmentName: department.name,
    unit: ENERGY_UNITS[SHIFT_ENERGY_TYPE]!,
    currency,
    current: current ? { ...line(current), elapsed: Math.min(1, Math.max(0, (now - current.from) / (current.to - current.from))) } : null,
    previous: finished.map(line),
  };
}
