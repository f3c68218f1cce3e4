import { useFrame, useThree } from '@react-three/fiber';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { PerspectiveCamera } from 'three';
import { tourCameraPosition, tourPath } from './tour';

export const SCENE_FOV = 40;

interface TourCameraProps {
  siteRadius: number;
  tour: boolean;
  lapSeconds: number;
}

/** Moves the camera along the tour while it runs; a paused tour keeps the camera where it stopped. */
export function TourCamera({ siteRadius, tour, lapSeconds }: TourCameraProps) {
  const camera = useThree((state) => state.camera) as PerspectiveCamera;
  const aspect = useThree((state) => state.size.width / Math.max(1, state.size.height));
  const invalidate = useThree((state) => state.invalidate);
  // The tour's own clock: it only advances while the tour runs.
  const elapsed = useRef(0);
  const path = useMemo(() => tourPath(siteRadius, SCENE_FOV, aspect, lapSeconds), [siteRadius, aspect, lapSeconds]);

  const place = useCallback(() => {
    const [x, y, z] = tourCameraPosition(elapsed.current, path);
    camera.position.set(x, y, z);
    camera.lookAt(0, 0, 0);
  }, [camera, path]);

  useLayoutEffect(() => {
    camera.fov = SCENE_FOV;
    camera.near = Math.max(0.1, path.radius / 200);
    camera.far = path.radius * 6 + 100;
    camera.updateProjectionMatrix();
    place();
    invalidate();
  }, [camera, path, place, invalidate]);

  useFrame((_, delta) => {
    if (!tour) return;
    // A tab that was hidden for a minute must not jump the camera a quarter lap.
    elapsed.current += Math.min(delta, 0.1);
    place();
  });
  return null;
}
