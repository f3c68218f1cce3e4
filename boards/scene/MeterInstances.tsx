import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { Color, CylinderGeometry, InstancedMesh, Matrix4, MeshLambertMaterial, SRGBColorSpace } from 'three';
import type { PlantLayout } from './layout';
import { alarmColour, alarmPulse, loadColour } from './loadColour';
import type { MeterLoad } from './meterLoads';

/** A meter's column height: idle or grey meters stay low, the site's highest load stands tallest. */
export function meterHeight(ratio: number | null): number {
  return 0.4 + 2.6 * (ratio ?? 0);
}

interface MeterInstancesProps {
  layout: PlantLayout;
  loads: ReadonlyMap<number, MeterLoad>;
  alarmMeterIds: ReadonlySet<number>;
}

const scratchMatrix = new Matrix4();
const scratchColour = new Color();

/**
 * Every meter as one instance of ONE InstancedMesh (one draw call for thousands of meters): colour by
 * load, height by load, meters in alarm pulse red and grow a little. Colours are written only when the
 * data changed or while something pulses.
 */
export function MeterInstances({ layout, loads, alarmMeterIds }: MeterInstancesProps) {
  const invalidate = useThree((state) => state.invalidate);
  const count = layout.meters.length;
  const geometry = useMemo(() => new CylinderGeometry(0.55, 0.55, 1, 20).translate(0, 0.5, 0), []);
  const material = useMemo(() => new MeshLambertMaterial({ color: 0xffffff }), []);
  useEffect(
    () => () => {
      geometry.dispose();
      material.dispose();
    },
    [geometry, material],
  );

  const mesh = useMemo(() => {
    // At least one slot: an empty instance buffer is not a valid WebGL buffer.
    const instanced = new InstancedMesh(geometry, material, Math.max(1, count));
    instanced.count = count;
    // The site is always in view: no bounding sphere to recompute while meters pulse and grow.
    instanced.frustumCulled = false;
    // Colours exist before the first render so the shader is compiled with instance colours.
    for (let i = 0; i < Math.max(1, count); i++) instanced.setColorAt(i, scratchColour.setRGB(...loadColour(null), SRGBColorSpace));
    return instanced;
  }, [geometry, material, count]);
  useEffect(() => () => mesh.dispose(), [mesh]);

  const dirty = useRef(true);
  const anyAlarm = useMemo(() => layout.meters.some((slot) => alarmMeterIds.has(slot.meterId)), [layout, alarmMeterIds]);
  useEffect(() => {
    dirty.current = true;
    invalidate();
  }, [mesh, layout, loads, alarmMeterIds, invalidate]);

  useFrame((state) => {
    if (!dirty.current && !anyAlarm) return;
    dirty.current = false;
    const pulse = alarmPulse(state.clock.elapsedTime);
    layout.meters.forEach((slot, index) => {
      const ratio = loads.get(slot.meterId)?.ratio ?? null;
      const inAlarm = alarmMeterIds.has(slot.meterId);
      const height = meterHeight(ratio) * (inAlarm ? 1 + 0.25 * pulse : 1);
      const width = inAlarm ? 1 + 0.2 * pulse : 1;
      mesh.setMatrixAt(index, scratchMatrix.makeScale(width, height, width).setPosition(slot.x, 0.15, slot.z));
      const colour = inAlarm ? alarmColour(loadColour(ratio), pulse) : loadColour(ratio);
      mesh.setColorAt(index, scratchColour.setRGB(colour[0], colour[1], colour[2], SRGBColorSpace));
    });
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  });

  // Data changes repaint; the pulse needs frames even with the tour paused (≈10 fps is enough for a 1.2 s pulse).
  useEffect(() => {
    if (!anyAlarm) return undefined;
    const timer = window.setInterval(() => invalidate(), 100);
    return () => window.clearInterval(timer);
  }, [anyAlarm, invalidate]);

  return <primitive object={mesh} />;
}
