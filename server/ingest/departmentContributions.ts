/**
 * Which departments a meter's energy counts towards (issue: department rollups).
 * A department's energy of one type is its main meter when it has one (the incomer already measures
 * everything below it); otherwise the sum of its own meters and its children's department energy.
 * So a meter counts for its department unless that department has a different main meter, and then for
 * each ancestor up to (not past) the first one that has a main meter of its own.
 */
export interface DepartmentNode {
  id: number;
  parentId: number | null;
}

export interface MeterPlacement {
  meterId: number;
  departmentId: number | null;
  energyType: string;
  isMain: boolean;
}

/** departmentId → energy type → main meter id */
export type MainMeters = ReadonlyMap<number, ReadonlyMap<string, number>>;

export function mainMeterIndex(meters: readonly MeterPlacement[]): Map<number, Map<string, number>> {
  const index = new Map<number, Map<string, number>>();
  for (const meter of meters) {
    if (!meter.isMain || meter.departmentId === null) continue;
    const byType = index.get(meter.departmentId) ?? new Map<string, number>();
    // Two main meters of one type in one department: the lower id wins, consistently.
    if (!byType.has(meter.energyType) || (byType.get(meter.energyType) ?? Infinity) > meter.meterId) byType.set(meter.energyType, meter.meterId);
    index.set(meter.departmentId, byType);
  }
  return index;
}

export function departmentsCountedBy(meter: MeterPlacement, departments: ReadonlyMap<number, DepartmentNode>, mains: MainMeters): number[] {
  const counted: number[] = [];
  let departmentId = meter.departmentId;
  if (departmentId === null) return counted;
  const ownMain = mains.get(departmentId)?.get(meter.energyType);
  if (ownMain !== undefined && ownMain !== meter.meterId) return counted;
  const seen = new Set<number>();
  while (departmentId !== null && !seen.has(departmentId)) {
    seen.add(departmentId);
    counted.push(departmentId);
    const parentId: number | null = departments.get(departmentId)?.parentId ?? null;
    if (parentId === null || mains.get(parentId)?.has(meter.energyType)) break;
    departmentId = parentId;
  }
  return counted;
}
