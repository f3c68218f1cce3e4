import type { TariffAssignment, TariffEnergyType } from '@shared/schemas/tariffs';

/** What the tree needs of a department: where it hangs. */
export interface TreeDepartment {
  id: number;
  name: string;
  parentId: number | null;
}

/** The tariff that prices a department's or meter's energy of one type, and where it comes from. */
export interface Effective {
  /** The assignment that applies; null: unpriced. */
  assignment: TariffAssignment | null;
  /** True when the target holds the assignment itself. */
  own: boolean;
  /** The department it is inherited from (null when own or unpriced). */
  from: TreeDepartment | null;
}

const key = (target: string, id: number, energyType: string) => `${target}:${id}:${energyType}`;

/**
 * The design's rule, computed in the browser from the assignment list and the department tree (so the
 * tree and a department's meters show without one call per row): a meter's own assignment, else the
 * nearest department up the tree (its department, then the parents) with one for the energy type, else none.
 */
export class EffectiveTariffs {
  private readonly byTarget: Map<string, TariffAssignment>;
  private readonly departments: Map<number, TreeDepartment>;

  constructor(assignments: readonly TariffAssignment[], departments: readonly TreeDepartment[]) {
    this.byTarget = new Map(assignments.map((assignment) => [key(assignment.target, assignment.targetId, assignment.energyType), assignment]));
    this.departments = new Map(departments.map((department) => [department.id, department]));
  }

  /** The target's own assignment for the energy type. */
  ownOf(target: 'department' | 'meter', id: number, energyType: TariffEnergyType): TariffAssignment | undefined {
    return this.byTarget.get(key(target, id, energyType));
  }

  department(id: number | null, energyType: TariffEnergyType): Effective {
    const seen = new Set<number>();
    let current = id === null ? undefined : this.departments.get(id);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      const assignment = this.ownOf('department', current.id, energyType);
      if (assignment) return { assignment, own: current.id === id, from: current.id === id ? null : current };
      current = current.parentId === null ? undefined : this.departments.get(current.parentId);
    }
    return { assignment: null, own: false, from: null };
  }

  meter(meter: { id: number; departmentId: number | null; energyType: TariffEnergyType }): Effective {
    const own = this.ownOf('meter', meter.id, meter.energyType);
    if (own) return { assignment: own, own: true, from: null };
    const inherited = this.department(meter.departmentId, meter.energyType);
    if (!inherited.assignment) return inherited;
    // The meter's own department passes its tariff down too: for the meter it is inherited from there.
    const from = inherited.from ?? this.departments.get(meter.departmentId ?? -1) ?? null;
    return { assignment: inherited.assignment, own: false, from };
  }
}
