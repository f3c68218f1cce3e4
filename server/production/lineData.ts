import type { Kysely } from 'kysely';
import { PRODUCTION_MAX_DAYS, RANGE_MESSAGE, type LineInfo } from '@shared/production/api';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { addDays, daysBetween, wallTime } from '../shifts/shiftClock';
import { ownerIds, ownerTreeOf } from '../tenancy/ownerScope';

export interface LineRow {
  id: number;
  owner_user_id: number;
  code: string;
  name: string;
  department_id: number | null;
  energy_type: string;
  target_sec_kwh: number | null;
}

/** One 15-minute interval of a line meter, already multiplied by the meter's allocation ratio. */
export interface LinePoint {
  meterId: number;
  start: number;
  energy: number;
}

/** One output record with its product's coefficient: standard output = quantity × coefficient. */
export interface OutputRow {
  day: string;
  shift: string;
  productId: number;
  quantity: number;
  coefficient: number;
}

export async function loadLine(db: Kysely<Database>, id: number): Promise<LineRow> {
  const row = await db
    .selectFrom('product_lines')
    .select(['id', 'owner_user_id', 'code', 'name', 'department_id', 'energy_type', 'target_sec_kwh'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', { message: `production line ${id} was not found` });
  return row;
}

export const lineInfo = (line: LineRow): LineInfo => ({
  id: line.id,
  code: line.code,
  name: line.name,
  energyType: line.energy_type,
  departmentId: line.department_id,
  targetSecKwh: line.target_sec_kwh === null ? null : Number(line.target_sec_kwh),
});

/** from ≤ to, at most PRODUCTION_MAX_DAYS days. */
export function checkRange(from: string, to: string, field = 'to'): string[] {
  const days = from <= to ? daysBetween(from, to) : [];
  if (days.length === 0 || days.length > PRODUCTION_MAX_DAYS) throw validationError([{ field, rule: 'range', message: RANGE_MESSAGE }]);
  return days;
}

/** [start of `from`, start of the day after `to`) in TIME_ZONE, epoch ms. */
export const rangeWindow = (from: string, to: string, timeZone: string) => ({ start: wallTime(from, 0, timeZone), end: wallTime(addDays(to, 1), 0, timeZone) });

/**
 * The line's energy: the stored 15-minute intervals of its meters (of the line's energy type) whose START lies in
 * [start, end), each × the meter's allocation ratio, sorted by start.
 */
export async function lineIntervals(db: Kysely<Database>, line: LineRow, start: number, end: number): Promise<LinePoint[]> {
  const meters = await db
    .selectFrom('product_line_meters')
    .innerJoin('meters', 'meters.id', 'product_line_meters.meter_id')
    .select(['product_line_meters.meter_id', 'product_line_meters.ratio'])
    .where('product_line_meters.line_id', '=', line.id)
    .where('meters.energy_type', '=', line.energy_type)
    .execute();
  if (meters.length === 0) return [];
  const ratio = new Map(meters.map((m) => [m.meter_id, Number(m.ratio)]));
  const rows = await db
    .selectFrom('energy_intervals')
    .select(['meter_id', 'start', 'energy'])
    .where('meter_id', 'in', [...ratio.keys()])
    .where('start', '>=', start)
    .where('start', '<', end)
    .execute();
  return rows
    .map((row) => ({ meterId: row.meter_id, start: Number(row.start), energy: Number(row.energy) * ratio.get(row.meter_id)! }))
    .sort((x, y) => x.start - y.start);
}

/** Index of the first point starting at or after `instant` (points sorted by start). */
export function firstAtOrAfter(points: readonly LinePoint[], instant: number): number {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (points[mid]!.start < instant) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Σ energy of the points starting in [from, to). */
export function energyIn(points: readonly LinePoint[], from: number, to: number): number {
  let energy = 0;
  for (let i = firstAtOrAfter(points, from); i < points.length && points[i]!.start < to; i++) energy += points[i]!.energy;
  return energy;
}

/** Energy per production day (midnight to midnight in TIME_ZONE). */
export function energyByDay(points: readonly LinePoint[], days: readonly string[], timeZone: string): Map<string, number> {
  return new Map(days.map((day) => [day, energyIn(points, wallTime(day, 0, timeZone), wallTime(addDays(day, 1), 0, timeZone))]));
}

export async function outputRows(db: Kysely<Database>, lineId: number, from: string, to: string): Promise<OutputRow[]> {
  const rows = await db
    .selectFrom('product_records')
    .innerJoin('products', 'products.id', 'product_records.product_id')
    .select(['product_records.day', 'product_records.shift', 'product_records.product_id', 'product_records.quantity', 'products.standard_coefficient'])
    .where('product_records.line_id', '=', lineId)
    .where('product_records.day', '>=', from)
    .where('product_records.day', '<=', to)
    .execute();
  return rows.map((row) => ({
    day: row.day,
    shift: row.shift,
    productId: row.product_id,
    quantity: Number(row.quantity),
    coefficient: Number(row.standard_coefficient),
  }));
}

/** Standard output per day. */
export function outputByDay(rows: readonly OutputRow[]): Map<string, number> {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.quantity * row.coefficient);
  return byDay;
}

/** The shift templates that cut the line's days: those of its department's tree, else of the line's own tree. */
export async function lineTemplates(db: Kysely<Database>, line: Pick<LineRow, 'owner_user_id' | 'department_id'>) {
  let owner = line.owner_user_id;
  if (line.department_id !== null) {
    const department = await db.selectFrom('departments').select('owner_user_id').where('id', '=', line.department_id).executeTakeFirst();
    if (department) owner = department.owner_user_id;
  }
  const owners = ownerIds(await ownerTreeOf(db, owner)) ?? [-1];
  return db
    .selectFrom('shift_templates')
    .select(['id', 'name', 'start_time', 'end_time'])
    .where('owner_user_id', 'in', owners)
    .orderBy('sort')
    .orderBy('start_time')
    .orderBy('id')
    .execute();
}
