import type { ReportContext, ReportSlot } from '../reportContext';
import { departmentsCountedBy, mainMeterIndex, type DepartmentNode } from '../../../ingest/departmentContributions';

/** Ids per statement: well under SQLite's and PostgreSQL's parameter limits. */
export const CHUNK = 500;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/** PostgreSQL answers sums and bigint columns as text. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** The instants the slots cover together: [first start, last end). */
export function slotsSpan(slots: readonly ReportSlot[]): { from: number; to: number } {
  let from = Infinity;
  let to = -Infinity;
  for (const slot of slots) {
    from = Math.min(from, slot.startMs);
    to = Math.max(to, slot.endMs);
  }
  return { from, to };
}

export interface MeterFacts {
  id: number;
  departmentId: number | null;
  subitemId: number | null;
  energyType: string;
  isMain: boolean;
  gatewayId: number | null;
  multiplier: number;
}

/** Every meter of the caller's trees (a department's meters are found among them). */
export async function meterFacts(context: ReportContext): Promise<MeterFacts[]> {
  let query = context.db.selectFrom('meters').select(['id', 'department_id', 'subitem_id', 'energy_type', 'is_main', 'gateway_id', 'ct_ratio', 'pt_ratio']);
  if (context.owners !== 'all') query = query.where('owner_user_id', 'in', context.owners.length ? [...context.owners] : [-1]);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    departmentId: row.department_id,
    subitemId: row.subitem_id ?? null,
    energyType: row.energy_type,
    isMain: num(row.is_main) === 1,
    gatewayId: row.gateway_id,
    multiplier: num(row.ct_ratio) * num(row.pt_ratio),
  }));
}

/** Every department of the caller's trees with its parent. */
export async function departmentNodes(context: ReportContext): Promise<Map<number, DepartmentNode>> {
  let query = context.db.selectFrom('departments').select(['id', 'parent_id']);
  if (context.owners !== 'all') query = query.where('owner_user_id', 'in', context.owners.length ? [...context.owners] : [-1]);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, parentId: row.parent_id }]));
}

/**
 * The meters whose energy makes up each department's energy of one type, exactly as the department rollups count
 * it (ingest/departmentContributions): its main meter when it has one, else its own meters and those of the
 * departments below it up to the next department with a main meter.
 */
export function departmentMeters(meters: readonly MeterFacts[], departments: ReadonlyMap<number, DepartmentNode>): Map<number, MeterFacts[]> {
  const placements = meters.map((m) => ({ meterId: m.id, departmentId: m.departmentId, energyType: m.energyType, isMain: m.isMain }));
  const mains = mainMeterIndex(placements);
  const byDepartment = new Map<number, MeterFacts[]>();
  meters.forEach((meter, index) => {
    for (const departmentId of departmentsCountedBy(placements[index]!, departments, mains)) {
      const list = byDepartment.get(departmentId) ?? [];
      list.push(meter);
      byDepartment.set(departmentId, list);
    }
  });
  return byDepartment;
}

/** A node and every node below it (parent links), cycles cannot loop. */
export function withDescendants(rootId: number, parents: ReadonlyMap<number, number | null>): Set<number> {
  const ids = new Set<number>([rootId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [id, parentId] of parents)
      if (parentId !== null && ids.has(parentId) && !ids.has(id)) {
        ids.add(id);
        grew = true;
      }
  }
  return ids;
}

/** meter id → sorted starts of its estimated intervals (completed gaps) in [from, to). */
export async function estimateStarts(context: ReportContext, meterIds: readonly number[], from: number, to: number): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (!(to > from)) return found;
  for (const chunk of chunks([...new Set(meterIds)])) {
    const rows = await context.db
      .selectFrom('interval_estimates')
      .select(['meter_id', 'start'])
      .where('meter_id', 'in', chunk)
      .where('start', '>=', from)
      .where('start', '<', to)
      .orderBy('meter_id')
      .orderBy('start')
      .execute();
    for (const row of rows) {
      const list = found.get(row.meter_id) ?? [];
      list.push(num(row.start));
      found.set(row.meter_id, list);
    }
  }
  return found;
}

/** Whether a sorted list of interval starts has one in [from, to). */
export function anyIn(starts: readonly number[] | undefined, from: number, to: number): boolean {
  if (!starts || starts.length === 0) return false;
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (starts[mid]! < from) low = mid + 1;
    else high = mid;
  }
  return low < starts.length && starts[low]! < to;
}
