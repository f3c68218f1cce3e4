import type { Kysely } from 'kysely';
import type { AlarmRecord } from '@shared/schemas';
import type { Database } from '../db/schema';
import { ownerTreeOf } from '../tenancy/ownerScope';

/** The objects an endpoint may hear about, loaded once per refresh for every endpoint. */
export interface PlantSnapshot {
  meters: { id: number; code: string; energyType: string; departmentId: number | null; owner: number }[];
  departments: { id: number; parentId: number | null; owner: number }[];
  /** Sub-items and gateways by id → owner (alarms about them). */
  subitemOwner: Map<number, number>;
  gatewayOwner: Map<number, number>;
}

export async function loadPlant(db: Kysely<Database>): Promise<PlantSnapshot> {
  const [meters, departments, subitems, gateways] = await Promise.all([
    db.selectFrom('meters').select(['id', 'code', 'energy_type', 'department_id', 'owner_user_id']).execute(),
    db.selectFrom('departments').select(['id', 'parent_id', 'owner_user_id']).execute(),
    db.selectFrom('subitems').select(['id', 'owner_user_id']).execute(),
    db.selectFrom('gateways').select(['id', 'owner_user_id']).execute(),
  ]);
  return {
    meters: meters.map((m) => ({ id: m.id, code: m.code, energyType: m.energy_type, departmentId: m.department_id, owner: Number(m.owner_user_id) })),
    departments: departments.map((d) => ({ id: d.id, parentId: d.parent_id, owner: Number(d.owner_user_id) })),
    subitemOwner: new Map(subitems.map((s) => [s.id, Number(s.owner_user_id)])),
    gatewayOwner: new Map(gateways.map((g) => [g.id, Number(g.owner_user_id)])),
  };
}

/**
 * What one endpoint forwards: the meters chosen, plus every meter of the departments chosen and of their
 * sub-departments; with nothing chosen, every meter of the endpoint's tree. Only the endpoint's own tree
 * counts, whatever ids are stored (a meter moved to another tree stops being forwarded).
 */
export class EndpointSelection {
  constructor(
    readonly meters: ReadonlySet<number>,
    private readonly departments: ReadonlySet<number>,
    /** Nothing chosen: sub-item and gateway alarms of the tree count as well. */
    private readonly wholeTree: boolean,
    private readonly owners: ReadonlySet<number>,
    private readonly plant: PlantSnapshot,
  ) {}

  static async resolve(db: Kysely<Database>, plant: PlantSnapshot, owner: number, meterIds: number[], departmentIds: number[]): Promise<EndpointSelection> {
    const { owners } = await ownerTreeOf(db, owner);
    const wholeTree = meterIds.length === 0 && departmentIds.length === 0;
    const ownDepartments = plant.departments.filter((d) => owners.has(d.owner));
    const departments = new Set<number>();
    if (wholeTree) for (const d of ownDepartments) departments.add(d.id);
    else {
      // Sub-departments: walk down from each chosen one (at most three levels, spec §9).
      let frontier = ownDepartments.filter((d) => departmentIds.includes(d.id)).map((d) => d.id);
      while (frontier.length > 0) {
        for (const id of frontier) departments.add(id);
        frontier = ownDepartments.filter((d) => d.parentId !== null && frontier.includes(d.parentId) && !departments.has(d.id)).map((d) => d.id);
      }
    }
    const chosen = new Set(meterIds);
    const meters = new Set(
      plant.meters
        .filter((m) => owners.has(m.owner) && (wholeTree || chosen.has(m.id) || (m.departmentId !== null && departments.has(m.departmentId))))
        .map((m) => m.id),
    );
    return new EndpointSelection(meters, departments, wholeTree, owners, plant);
  }

  /** An alarm about a forwarded meter or department (or, with nothing chosen, anything of the tree). */
  coversAlarm(alarm: Pick<AlarmRecord, 'subject'>): boolean {
    const { type, id } = alarm.subject;
    if (type === 'meter') return this.meters.has(id);
    if (type === 'department') return this.departments.has(id);
    if (!this.wholeTree) return false;
    const owner = type === 'subitem' ? this.plant.subitemOwner.get(id) : this.plant.gatewayOwner.get(id);
    return owner !== undefined && this.owners.has(owner);
  }
}
