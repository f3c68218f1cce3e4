import type { MeterDirectoryEntry } from '@shared/board/channels';

/**
 * Where everything stands in the plant scene, in world units (x to the east, z to the south, y up).
 * Pure and deterministic: the same directory always gives the same site, so a wall that reloads or a
 * second wall showing the same scene look identical. No three.js here (unit-tested in node).
 */

/** Distance between meter centres inside a building. */
export const METER_SPACING = 2;
/** Free floor between a building's wall and its outermost meters. */
export const BUILDING_PADDING = 1.5;
/** Street between two buildings. */
export const BUILDING_GAP = 4;
/** Buildings drawn at most (the rest of a very large directory is left out rather than slowing the wall). */
export const MAX_BUILDINGS = 40;
/** Meter instances at most. */
export const MAX_METERS = 2000;

export interface SceneBuilding {
  /** Top-level department id, null for the meters without one. */
  departmentId: number | null;
  name: string;
  /** Centre of the footprint. */
  x: number;
  z: number;
  width: number;
  depth: number;
  meterCount: number;
}

export interface SceneMeterSlot {
  meterId: number;
  buildingIndex: number;
  x: number;
  z: number;
}

export interface PlantLayout {
  buildings: SceneBuilding[];
  /** Buildings in order, meters by id inside each: index i is instance i of the meters' InstancedMesh. */
  meters: SceneMeterSlot[];
  bounds: { minX: number; maxX: number; minZ: number; maxZ: number };
  /** Radius of the circle around the origin that holds every footprint (the camera frames it). */
  radius: number;
}

/** The top department's name: the first segment of "Main Plant / Production Hall A / Line 1". */
export function topDepartmentName(path: string): string {
  return path.split('/')[0]?.trim() ?? '';
}

/** Meters of the chosen top-level (or any-level) departments; every meter when the filter is empty. */
export function filterMeters(meters: readonly MeterDirectoryEntry[], departmentIds: readonly number[]): MeterDirectoryEntry[] {
  if (departmentIds.length === 0) return [...meters];
  const wanted = new Set(departmentIds);
  return meters.filter(
    (meter) => (meter.topDepartmentId !== null && wanted.has(meter.topDepartmentId)) || (meter.departmentId !== null && wanted.has(meter.departmentId)),
  );
}

/** Columns × rows of a near-square grid that holds n meters. */
export function meterGrid(count: number): { cols: number; rows: number } {
  const cols = Math.max(1, Math.ceil(Math.sqrt(count)));
  return { cols, rows: Math.max(1, Math.ceil(count / cols)) };
}

interface Group {
  departmentId: number | null;
  name: string;
  meters: MeterDirectoryEntry[];
}

function groupByTopDepartment(meters: readonly MeterDirectoryEntry[], unassignedName: string): Group[] {
  const groups = new Map<number | null, MeterDirectoryEntry[]>();
  for (const meter of [...meters].sort((a, b) => a.id - b.id)) {
    const list = groups.get(meter.topDepartmentId) ?? [];
    list.push(meter);
    groups.set(meter.topDepartmentId, list);
  }
  // Departments by id (stable as the organisation grows), the unassigned meters last.
  const keys = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
  return keys.slice(0, MAX_BUILDINGS).map((departmentId) => {
    const list = groups.get(departmentId) ?? [];
    const named = list.map((meter) => topDepartmentName(meter.departmentPath)).find(Boolean);
    return { departmentId, name: departmentId === null ? unassignedName : named || `#${departmentId}`, meters: list };
  });
}

/**
 * Lays the site out: one building per top-level department, its meters in rows inside; buildings are
 * packed in shelves (left to right, a new row when the row would get wider than a square site) with a
 * street between them, and the whole site is centred on the origin.
 */
export function layoutPlant(directory: readonly MeterDirectoryEntry[], unassignedName: string): PlantLayout {
  let budget = MAX_METERS;
  const groups = groupByTopDepartment(directory, unassignedName)
    .map((group) => {
      const meters = group.meters.slice(0, Math.max(0, budget));
      budget -= meters.length;
      return { ...group, meters };
    })
    .filter((group) => group.meters.length > 0);

  const sized = groups.map((group) => {
    const { cols, rows } = meterGrid(group.meters.length);
    return { group, cols, width: cols * METER_SPACING + 2 * BUILDING_PADDING, depth: rows * METER_SPACING + 2 * BUILDING_PADDING };
  });
  const area = sized.reduce((sum, item) => sum + (item.width + BUILDING_GAP) * (item.depth + BUILDING_GAP), 0);
  const rowLimit = Math.max(Math.sqrt(area) * 1.2, ...sized.map((item) => item.width));

  const buildings: SceneBuilding[] = [];
  const meters: SceneMeterSlot[] = [];
  let cursorX = 0;
  let cursorZ = 0;
  let rowDepth = 0;
  for (const { group, cols, width, depth } of sized) {
    if (cursorX > 0 && cursorX + width > rowLimit) {
      cursorX = 0;
      cursorZ += rowDepth + BUILDING_GAP;
      rowDepth = 0;
    }
    const left = cursorX;
    const top = cursorZ;
    const buildingIndex = buildings.length;
    buildings.push({
      departmentId: group.departmentId,
      name: group.name,
      x: left + width / 2,
      z: top + depth / 2,
      width,
      depth,
      meterCount: group.meters.length,
    });
    group.meters.forEach((meter, index) => {
      const col = index % cols;
      const row = Math.floor(index / cols);
      meters.push({
        meterId: meter.id,
        buildingIndex,
        x: left + BUILDING_PADDING + METER_SPACING / 2 + col * METER_SPACING,
        z: top + BUILDING_PADDING + METER_SPACING / 2 + row * METER_SPACING,
      });
    });
    cursorX += width + BUILDING_GAP;
    rowDepth = Math.max(rowDepth, depth);
  }

  if (buildings.length === 0) return { buildings, meters, bounds: { minX: 0, maxX: 0, minZ: 0, maxZ: 0 }, radius: 0 };
  const maxX = Math.max(...buildings.map((b) => b.x + b.width / 2));
  const maxZ = Math.max(...buildings.map((b) => b.z + b.depth / 2));
  const shiftX = maxX / 2;
  const shiftZ = maxZ / 2;
  for (const building of buildings) {
    building.x -= shiftX;
    building.z -= shiftZ;
  }
  for (const meter of meters) {
    meter.x -= shiftX;
    meter.z -= shiftZ;
  }
  return { buildings, meters, bounds: { minX: -shiftX, maxX: maxX - shiftX, minZ: -shiftZ, maxZ: maxZ - shiftZ }, radius: Math.hypot(shiftX, shiftZ) };
}
