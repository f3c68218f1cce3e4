import { describe, expect, it } from 'vitest';
import { departmentsCountedBy, mainMeterIndex, type DepartmentNode, type MeterPlacement } from './departmentContributions';

// Plant (1) ─┬─ Hall A (2) ── Line 1 (4)
//            └─ Utilities (3)
const departments = new Map<number, DepartmentNode>([
  [1, { id: 1, parentId: null }],
  [2, { id: 2, parentId: 1 }],
  [3, { id: 3, parentId: 1 }],
  [4, { id: 4, parentId: 2 }],
]);
const meter = (meterId: number, departmentId: number, isMain = false, energyType = 'electricity'): MeterPlacement => ({
  meterId,
  departmentId,
  energyType,
  isMain,
});

describe('departmentsCountedBy', () => {
  it('without main meters, a meter counts for its department and every ancestor (parent = sum of children)', () => {
    const meters = [meter(10, 4), meter(11, 3)];
    const mains = mainMeterIndex(meters);
    expect(departmentsCountedBy(meters[0]!, departments, mains)).toEqual([4, 2, 1]);
    expect(departmentsCountedBy(meters[1]!, departments, mains)).toEqual([3, 1]);
  });

  it('with a plant incomer, the plant total is the incomer and sub-meters stop below it', () => {
    const meters = [meter(1, 1, true), meter(10, 4), meter(20, 2)];
    const mains = mainMeterIndex(meters);
    expect(departmentsCountedBy(meters[0]!, departments, mains)).toEqual([1]);
    expect(departmentsCountedBy(meters[1]!, departments, mains)).toEqual([4, 2]);
    expect(departmentsCountedBy(meters[2]!, departments, mains)).toEqual([2]);
  });

  it('a sub-meter in a department that has its own main meter counts for no department total', () => {
    const meters = [meter(20, 2, true), meter(21, 2)];
    const mains = mainMeterIndex(meters);
    expect(departmentsCountedBy(meters[1]!, departments, mains)).toEqual([]);
    expect(departmentsCountedBy(meters[0]!, departments, mains)).toEqual([2, 1]);
  });

  it('keeps energy types apart: a water main does not stop electricity', () => {
    const meters = [meter(1, 1, true, 'water'), meter(10, 4)];
    expect(departmentsCountedBy(meters[1]!, departments, mainMeterIndex(meters))).toEqual([4, 2, 1]);
  });
});
