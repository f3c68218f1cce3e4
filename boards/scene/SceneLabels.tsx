import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { WALL_HEIGHT } from './Buildings';
import { LabelSprite } from './labelSprite';
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

  useEffect(() => {
    layout.buildings.forEach((building, index) => {
      const label = buildingLabels[index]!;
      label.draw([building.name, buildingCaption(building.meterCount)], '#6f8fbf', labelHeight(layout.radius, 0.09));
      label.sprite.position.set(building.x, WALL_HEIGHT + 0.6, building.z - building.depth / 2);
    });
    invalidate();
  }, [layout, buildingLabels, buildingCaption, invalidate]);

  const slots = useMemo(() => new Map(layout.meters.map((slot) => [slot.meterId, slot])), [layout]);
  useEffect(() => {
    hotLabels.forEach((label, index) => {
      const load = hottest[index];
      const slot = load ? slots.get(load.meterId) : undefined;
      label.sprite.visible = Boolean(load && slot);
      if (!load || !slot) return;
      label.draw([meterNames.get(load.meterId) ?? `#${load.meterId}`, formatLoad(load)], cssColour(loadColour(load.ratio)), labelHeight(layout.radius, 0.075));
      label.sprite.position.set(slot.x, meterHeight(load.ratio) + 0.6, slot.z);
    });
    invalidate();
  }, [hottest, hotLabels, slots, meterNames, formatLoad, layout.radius, invalidate]);

  return (
    <group>
      {[...buildingLabels, ...hotLabels].map((label) => (
        <primitive key={label.id} object={label.sprite} />
      ))}
    </group>
  );
}
