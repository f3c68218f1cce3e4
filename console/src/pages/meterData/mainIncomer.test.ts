import { describe, expect, it } from 'vitest';
import { mainIncomer, type IncomerCandidate } from './mainIncomer';

const meter = (id: number, code: string, energyType: string, isMain: boolean, departmentId: number | null): IncomerCandidate => ({
  id,
  code,
  energyType,
  isMain,
  departmentId,
});
// Main Plant (1) with Hall A (2) below it; Office Building (3) at the top.
const departments = [
  { id: 1, name: 'Main Plant', parentId: null },
  { id: 2, name: 'Production Hall A', parentId: 1 },
  { id: 3, name: 'Office Building', parentId: null },
];

describe('the main incomer the meter-data screen opens on', () => {
  it('is the first by code of the top-level departments main electricity meters', () => {
    const meters = [
      meter(10, 'M010', 'electricity', true, 2),
      meter(40, 'M040', 'electricity', true, 3),
      meter(2, 'M002', 'water', true, 1),
      meter(1, 'M001', 'electricity', true, 1),
      meter(11, 'M011', 'electricity', false, 2),
    ];
    expect(mainIncomer(meters, departments)).toBe(1);
  });

  it('counts a department whose parent the caller cannot see as top level (a sub-user sees only its branch)', () => {
    const branch = [{ id: 2, name: 'Production Hall A', parentId: 1 }];
    const meters = [meter(11, 'M011', 'electricity', false, 2), meter(10, 'M010', 'electricity', true, 2)];
    expect(mainIncomer(meters, branch)).toBe(10);
  });

  it('falls back to any main meter, then the first electricity meter, then the first meter by code', () => {
    expect(mainIncomer([meter(7, 'M007', 'electricity', false, 2), meter(8, 'M008', 'electricity', true, 2)], departments)).toBe(8);
    expect(
      mainIncomer([meter(9, 'M009', 'electricity', false, null), meter(5, 'M005', 'water', true, 1), meter(6, 'M006', 'electricity', false, 3)], departments),
    ).toBe(6);
    expect(mainIncomer([meter(5, 'M005', 'water', true, 1), meter(4, 'M004', 'gas', false, 1)], departments)).toBe(4);
  });

  it('is none when the tree has no meters', () => {
    expect(mainIncomer([], departments)).toBeUndefined();
  });
});
