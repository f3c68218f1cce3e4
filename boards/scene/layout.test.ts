import { describe, expect, it } from 'vitest';
import { directoryMeter } from './fixtures.test-util';
import { BUILDING_GAP, BUILDING_PADDING, filterMeters, layoutPlant, MAX_BUILDINGS, METER_SPACING, meterGrid, topDepartmentName } from './layout';

const overlaps = (a: { x: number; z: number; width: number; depth: number }, b: typeof a, gap: number) =>
  Math.abs(a.x - b.x) < (a.width + b.width) / 2 + gap && Math.abs(a.z - b.z) < (a.depth + b.depth) / 2 + gap;

describe('layoutPlant', () => {
  const directory = [
    ...Array.from({ length: 12 }, (_, i) => directoryMeter(100 + i, 3)),
    ...Array.from({ length: 5 }, (_, i) => directoryMeter(200 + i, 1)),
    directoryMeter(300, null),
    ...Array.from({ length: 23 }, (_, i) => directoryMeter(400 + i, 7)),
  ];

  it('makes one building per top department, by id, the unassigned meters last, named after the path', () => {
    const layout = layoutPlant(directory, 'Unassigned');
    expect(layout.buildings.map((b) => [b.departmentId, b.name, b.meterCount])).toEqual([
      [1, 'Building 1', 5],
      [3, 'Building 3', 12],
      [7, 'Building 7', 23],
      [null, 'Unassigned', 1],
    ]);
    expect(layout.meters).toHaveLength(41);
    expect(layout.meters.slice(0, 5).map((m) => m.meterId)).toEqual([200, 201, 202, 203, 204]);
  });

  it('sizes a building from its near-square meter grid', () => {
    const layout = layoutPlant(directory, 'Unassigned');
    const building7 = layout.buildings[2]!;
    expect(meterGrid(23)).toEqual({ cols: 5, rows: 5 });
    expect(building7.width).toBe(5 * METER_SPACING + 2 * BUILDING_PADDING);
    expect(building7.depth).toBe(5 * METER_SPACING + 2 * BUILDING_PADDING);
  });

  it('keeps every meter inside its own building and no two buildings closer than the street', () => {
    const layout = layoutPlant(directory, 'Unassigned');
    for (const meter of layout.meters) {
      const b = layout.buildings[meter.buildingIndex]!;
      expect(Math.abs(meter.x - b.x)).toBeLessThanOrEqual(b.width / 2 - BUILDING_PADDING);
      expect(Math.abs(meter.z - b.z)).toBeLessThanOrEqual(b.depth / 2 - BUILDING_PADDING);
    }
    const slots = new Set(layout.meters.map((m) => `${m.x},${m.z}`));
    expect(slots.size).toBe(layout.meters.length);
    layout.buildings.forEach((a, i) =>
      layout.buildings.slice(i + 1).forEach((b) => expect(overlaps(a, b, BUILDING_GAP - 1e-9), `${a.name} × ${b.name}`).toBe(false)),
    );
  });

  it('centres the site on the origin and reports a radius that holds every corner', () => {
    const layout = layoutPlant(directory, 'Unassigned');
    expect(layout.bounds.minX).toBeCloseTo(-layout.bounds.maxX, 9);
    expect(layout.bounds.minZ).toBeCloseTo(-layout.bounds.maxZ, 9);
    for (const b of layout.buildings) {
      for (const [dx, dz] of [
        [-1, -1],
        [1, 1],
        [-1, 1],
        [1, -1],
      ] as const) {
        expect(Math.hypot(b.x + (dx * b.width) / 2, b.z + (dz * b.depth) / 2)).toBeLessThanOrEqual(layout.radius + 1e-9);
      }
    }
  });

  it('is deterministic whatever order the directory comes in', () => {
    expect(layoutPlant([...directory].reverse(), 'Unassigned')).toEqual(layoutPlant(directory, 'Unassigned'));
  });

  it('returns an empty site for an empty directory', () => {
    expect(layoutPlant([], 'Unassigned')).toEqual({ buildings: [], meters: [], bounds: { minX: 0, maxX: 0, minZ: 0, maxZ: 0 }, radius: 0 });
  });

  it(`draws at most ${MAX_BUILDINGS} buildings`, () => {
    const many = Array.from({ length: 60 }, (_, i) => directoryMeter(i + 1, i + 1));
    expect(layoutPlant(many, 'Unassigned').buildings).toHaveLength(MAX_BUILDINGS);
  });
});

describe('filterMeters and topDepartmentName', () => {
  it('keeps the meters whose top or own department is chosen, all when none is', () => {
    const meters = [directoryMeter(1, 3), directoryMeter(2, 4, { departmentId: 9 }), directoryMeter(3, null)];
    expect(filterMeters(meters, []).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(filterMeters(meters, [3]).map((m) => m.id)).toEqual([1]);
    expect(filterMeters(meters, [9]).map((m) => m.id)).toEqual([2]);
  });

  it('reads the first segment of a department path', () => {
    expect(topDepartmentName('Main Plant / Production Hall A / Line 1')).toBe('Main Plant');
    expect(topDepartmentName('')).toBe('');
  });
});
