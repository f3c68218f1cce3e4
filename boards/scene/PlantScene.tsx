import { Canvas, useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import type { WebGLRenderer } from 'three';
import { Buildings } from './Buildings';
import type { PlantLayout } from './layout';
import { MeterInstances } from './MeterInstances';
import { hottestMeters, type MeterLoad } from './meterLoads';
import { countScene } from './sceneCounter';
import { MAX_HOT_LABELS, SceneLabels } from './SceneLabels';
import { SCENE_FOV, TourCamera } from './TourCamera';

export interface PlantSceneProps {
  layout: PlantLayout;
  loads: ReadonlyMap<number, MeterLoad>;
  alarmMeterIds: ReadonlySet<number>;
  meterNames: ReadonlyMap<number, string>;
  /** The slow camera tour runs (frameloop 'always'); paused, the scene renders only when data changes. */
  tour: boolean;
  lapSeconds: number;
  showLabels: boolean;
  /** Hottest meters labelled (at most MAX_HOT_LABELS). */
  hotLabels?: number;
  formatLoad(load: MeterLoad): string;
  buildingCaption(meterCount: number): string;
}

/**
 * Native resolution: the canvas backing store follows devicePixelRatio, capped at 2. A cap, because an
 * 8K wall driven at DPR 3+ would triple the fill cost for detail nobody can see from across a control
 * room; 2 keeps 4K panels at 200 % scaling sharp.
 */
export const MAX_SCENE_DPR = 2;
export const sceneDpr = (): number => Math.min(typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1, MAX_SCENE_DPR);

/** Registers the renderer in window.__scene for the bench while the scene is mounted. */
function SceneCounterProbe() {
  const gl = useThree((state) => state.gl) as WebGLRenderer;
  useEffect(() => countScene(gl), [gl]);
  return null;
}

/**
 * The plant scene: ground, one hall per top-level department, every meter an instance coloured by live
 * load, labels, the camera tour. Fills its parent (position it relatively). Every geometry, material and
 * texture it creates is disposed on unmount; react-three-fiber releases the renderer and its context.
 */
export function PlantScene({
  layout,
  loads,
  alarmMeterIds,
  meterNames,
  tour,
  lapSeconds,
  showLabels,
  hotLabels = 6,
  formatLoad,
  buildingCaption,
}: PlantSceneProps) {
  const hottest = useMemo(() => hottestMeters(loads.values(), Math.min(hotLabels, MAX_HOT_LABELS)), [loads, hotLabels]);
  return (
    <Canvas
      dpr={sceneDpr()}
      frameloop={tour ? 'always' : 'demand'}
      camera={{ fov: SCENE_FOV, near: 0.5, far: 2000, position: [40, 30, 40] }}
      gl={{ antialias: true, powerPreference: 'high-performance' }}
      style={{ position: 'absolute', inset: 0 }}
      data-testid="plant-scene"
    >
      <color attach="background" args={['#0a0f18']} />
      <hemisphereLight args={['#c9d8ff', '#1a2130', 1.4]} />
      <directionalLight position={[30, 60, 20]} intensity={1.6} />
      <SceneCounterProbe />
      <TourCamera siteRadius={layout.radius} tour={tour} lapSeconds={lapSeconds} />
      <Buildings layout={layout} />
      <MeterInstances layout={layout} loads={loads} alarmMeterIds={alarmMeterIds} />
      {showLabels && <SceneLabels layout={layout} hottest={hottest} meterNames={meterNames} formatLoad={formatLoad} buildingCaption={buildingCaption} />}
    </Canvas>
  );
}
