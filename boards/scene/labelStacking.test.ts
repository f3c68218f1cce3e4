import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { directoryMeter } from './fixtures.test-util';
import { labelScreenBox, stackLabels, stackedPositions, type ScreenBox, type WorldLabel } from './labelStacking';
import { layoutPlant } from './layout';
import { SCENE_FOV } from './TourCamera';
import { tourCameraPosition, tourPath } from './tour';

const box = (left: number, top: number, width = 100, height = 30): ScreenBox => ({ left, top, width, height });
const overlap = (a: ScreenBox, b: ScreenBox) => a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

describe('stackLabels', () => {
  it('leaves labels that do not touch where they are', () => {
    expect(stackLabels([box(0, 100), box(200, 100), box(0, 200)])).toEqual([0, 0, 0]);
  });

  it('lifts the later label to just above the earlier one, the gap kept', () => {
    // The second box's top is 110; it must end at 100 − 4 − 30 = 66, a lift of 44.
    expect(stackLabels([box(0, 100), box(50, 110)], 4)).toEqual([0, 44]);
  });

  it('keeps lifting past every label it meets on the way up', () => {
    // Second: 90 → above the first (top 100): 66, a lift of 24. Third: 120 → 66 (above the first), which
    // hits the second (66..96) → 66 − 4 − 30 = 32, a lift of 88.
    const lifts = stackLabels([box(0, 100), box(40, 90), box(20, 120)], 4);
    expect(lifts).toEqual([0, 24, 88]);
  });
});

describe('labels of the demo plant', () => {
  // The demo: Main Plant with 22 meters (ids 1–22, Chiller 1 is 16, Boiler 1 is 21), Office Building with 8.
  const directory = [
    ...Array.from({ length: 22 }, (_, index) => directoryMeter(index + 1, 1, { departmentPath: 'Main Plant' })),
    ...Array.from({ length: 8 }, (_, index) => directoryMeter(index + 23, 2, { departmentPath: 'Office Building' })),
  ];
  const layout = layoutPlant(directory, 'Unassigned');
  const viewport = { width: 1920, height: 1080 };
  const camera = new PerspectiveCamera(SCENE_FOV, viewport.width / viewport.height, 0.1, 1000);
  camera.position.set(...tourCameraPosition(0, tourPath(layout.radius, SCENE_FOV, viewport.width / viewport.height, 240)));
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  const slot = (meterId: number) => layout.meters.find((meter) => meter.meterId === meterId)!;
  const height = Math.max(1.2, layout.radius * 0.075);
  // Chiller 1 (ranked first) and Boiler 1, their columns at 30 % and 20 % of the site's highest load.
  const chiller: WorldLabel = { anchor: new Vector3(slot(16).x, 0.4 + 2.6 * 0.3 + 0.6, slot(16).z), height, aspect: 2.4 };
  const boiler: WorldLabel = { anchor: new Vector3(slot(21).x, 0.4 + 2.6 * 0.2 + 0.6, slot(21).z), height, aspect: 2.4 };

  it('Chiller 1 and Boiler 1 would cover each other where they stand', () => {
    expect(overlap(labelScreenBox(chiller, camera, viewport), labelScreenBox(boiler, camera, viewport))).toBe(true);
  });

  it('after stacking they do not, and Chiller 1 keeps its place', () => {
    const [chillerAt, boilerAt] = stackedPositions([chiller, boiler], camera, viewport);
    expect(chillerAt!.equals(chiller.anchor)).toBe(true);
    const chillerBox = labelScreenBox({ ...chiller, anchor: chillerAt! }, camera, viewport);
    const boilerBox = labelScreenBox({ ...boiler, anchor: boilerAt! }, camera, viewport);
    expect(overlap(chillerBox, boilerBox)).toBe(false);
    // Lifted straight up on screen: the same column of pixels, the gap of 4 px kept (within rounding).
    const before = labelScreenBox(boiler, camera, viewport);
    expect(boilerBox.left + boilerBox.width / 2).toBeCloseTo(before.left + before.width / 2, 0);
    expect(chillerBox.top - (boilerBox.top + boilerBox.height)).toBeGreaterThanOrEqual(3.5);
  });
});
