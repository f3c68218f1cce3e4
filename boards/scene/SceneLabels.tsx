import { useEffect, useMemo } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { Vector3, type PerspectiveCamera } from 'three';
import { WALL_HEIGHT } from './Buildings';
import { LabelSprite } from './labelSprite';
import { stackedPositions, type WorldLabel } from './labelStacking';
import type { PlantLayout } from './layout';
import { cssColour, loadColour } from './loadColour';
import { meterHeight } from './MeterInstances';
import type { MeterLoad } from './meterLoads';

/** Hottest meters labelled at most: labels are textures, and a wall must not grow them with the site. */
export const MAX_HOT_LABELS = 8;

interface SceneLabelsProps {
  layout: PlantLayout;
  hottest: readonly MeterLoad[];
  meterNames: ReadonlyMap<number, string>;
  formatLoad(load: MeterLoad): string;
  buildingCaption(meterCount: number): string;
}

/** World height of a label: readable from the tour's distance whatever the size of the site. */
const labelHeight = (radius: number, share: number) => Math.max(1.2, radius * share);

/** A name label over each building and a name + load label over each of the hottest meters. */
export function SceneLabels({ layout, hottest, meterNames, formatLoad, buildingCaption }: SceneLabelsProps) {
  const invalidate = useThree((state) => state.invalidate);

  // One label per building, rebuilt (old textures disposed) only when the layout changes.
  const buildingLabels = useMemo(() => layout.buildings.map(() => new LabelSprite(2)), [layout]);
  useEffect(() => () => buildingLabels.forEach((label) => label.dispose()), [buildingLabels]);

  // A fixed pool for the hottest meters: redrawn in place as the ranking changes, never reallocated.
  const hotLabels = useMemo(() => Array.from({ length: MAX_HOT_LABELS }, () => new LabelSprite(2)), []);
  useEffect(() => () => hotLabels.forEach((label) => label.dispose()), [hotLabels]);

  // Where each label stands before stacking (the frame loop moves the sprite from there).
  const anchors = useMemo(() => new Map([...buildingLabels, ...hotLabels].map((label) => [label, new Vector3()])), [buildingLabels, hotLabels]);

  useEffect(() => {
    layout.buildings.forEach((building, index) => {
      const label = buildingLabels[index]!;
      label.draw([building.name, buildingCaption(building.meterCount)], '#6f8fbf', labelHeight(layout.radius, 0.09));
      anchors.get(label)!.set(building.x, WALL_HEIGHT + 0.6, building.z - building.depth / 2);
    });
    invalidate();
  }, [layout, buildingLabels, buildingCaption, anchors, invalidate]);

  const slots = useMemo(() => new Map(layout.meters.map((slot) => [slot.meterId, slot])), [layout]);
  useEffect(() => {
    hotLabels.forEach((label, index) => {
      const load = hottest[index];
      const slot = load ? slots.get(load.meterId) : undefined;
      label.sprite.visible = Boolean(load && slot);
      if (!load || !slot) return;
      label.draw([meterNames.get(load.meterId) ?? `#${load.meterId}`, formatLoad(load)], cssColour(loadColour(load.ratio)), labelHeight(layout.radius, 0.075));
      anchors.get(label)!.set(slot.x, meterHeight(load.ratio) + 0.6, slot.z);
    });
    invalidate();
  }, [hottest, hotLabels, slots, meterNames, formatLoad, layout.radius, anchors, invalidate]);

  // Every rendered frame (the tour moves the camera): labels that would cover one another are lifted on
  // screen, buildings first, then the hottest meter first (labelStacking.ts).
  useFrame(({ camera, size }) => {
    const shown = [...buildingLabels, ...hotLabels].filter((label) => label.sprite.visible);
    const world: WorldLabel[] = shown.map((label) => ({ anchor: anchors.get(label)!, height: label.sprite.scale.y, aspect: label.boxAspect }));
    camera.updateMatrixWorld();
    stackedPositions(world, camera as PerspectiveCamera, size).forEach((position, index) => shown[index]!.sprite.position.copy(position));
  });

  return (
    <group>
      {[...buildingLabels, ...hotLabels].map((label) => (
        <primitive key={label.id} object={label.sprite} />
      ))}
    </group>
  );
}
