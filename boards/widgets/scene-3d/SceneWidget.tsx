import { PlantView } from '../../scene/PlantView';
import type { WidgetProps } from '../../widgetDescriptor';
import type { Scene3dOptions } from './options';

/** Alarm rows for a tile: a row takes about 60 design pixels, and the panel keeps to half the tile's height. */
const alarmRowsFor = (height: number, scale: number): number => Math.max(1, Math.floor(height / (120 * scale)));

/** The plant scene in a tile, at the tile's real size (the canvas follows devicePixelRatio, never CSS-scaled). */
export default function SceneWidget({ options, width, height, scale, stale }: WidgetProps<Scene3dOptions>) {
  return (
    <div style={{ width, height, position: 'relative', opacity: stale ? 0.55 : 1 }} data-testid="scene-3d">
      <PlantView
        tour={options.tour}
        lapSeconds={options.lapSeconds}
        showLabels={options.showLabels}
        departmentIds={options.departmentIds}
        scale={scale}
        maxAlarmRows={alarmRowsFor(height, scale)}
      />
    </div>
  );
}
