import type { WebGLRenderer } from 'three';

/**
 * `window.__scene`: GPU resources of the mounted plant scenes, for the memory bench (three.js does not
 * garbage-collect geometries and textures: a leak shows here as a count that grows across board switches).
 * Set while at least one scene is mounted, removed with the last one.
 */
export interface SceneCounter {
  geometries(): number;
  textures(): number;
  /** Mounted scenes (WebGL renderers) right now. */
  renderers(): number;
}

declare global {
  interface Window {
    __scene?: SceneCounter;
  }
}

const mounted = new Set<WebGLRenderer>();
const sum = (pick: (renderer: WebGLRenderer) => number) => [...mounted].reduce((total, renderer) => total + pick(renderer), 0);

/** Registers a renderer; the returned disposer unregisters it. */
export function countScene(renderer: WebGLRenderer): () => void {
  mounted.add(renderer);
  window.__scene = {
    geometries: () => sum((r) => r.info.memory.geometries),
    textures: () => sum((r) => r.info.memory.textures),
    renderers: () => mounted.size,
  };
  return () => {
    mounted.delete(renderer);
    if (mounted.size === 0) delete window.__scene;
  };
}
