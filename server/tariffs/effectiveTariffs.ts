import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The tariff that prices each meter's energy: the meter's own assignment for its energy type, else the nearest
 * department up the tree (the meter's department, then its parents) with an assignment for that energy type.
 * Meters with neither are left out: their energy has no band rows and settlement shows it as unpriced.
 */
export async function loadEffectiveTariffs(db: Kysely<Database>): Promise<Map<number, number>> {
  const [meters, departments, assignments] = await Promise.all([
    db.selectFrom('meters').select(['id', 'department_id', 'energy_type']).execute(),
    db.selectFrom('departments').select(['id', 'parent_id']).execute(),
    db.selectFrom('tariff_assignments').select(['tariff_id', 'target', 'target_id', 'energy_type']).execute(),
  ]);
  const byMeter = new Map<string, number>();
  const byDepartment = new Map<string, number>();
  for (const a of assignments) (a.target === 'meter' ? byMeter : byDepartment).set(`${a.target_id}:${a.energy_type}`, a.tariff_id);
  const parentOf = new Map(departments.map((d) => [d.id, d.parent_id]));
  const result = new Map<number, number>();
  for (const meter of meters) {
    let tariff = byMeter.get(`${meter.id}:${meter.energy_type}`);
    // Walk up at most as many steps as there are departments (a cycle cannot loop forever).
    let department = meter.department_id;
    for (let steps = 0; tariff === undefined && department !== null && department !== undefined && steps <= departments.length; steps++) {
      tariff = byDepartment.get(`${department}:${meter.energy_type}`);
      department = parentOf.get(department) ?? null;
    }
    if (tariff !== undefined) result.set(meter.id, tariff);
  }
  return result;
}
