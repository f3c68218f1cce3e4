import { Vector3, type PerspectiveCamera } from 'three';

/**
 * Scene labels never cover each other: each frame their boxes are measured on screen and a label that would
 * overlap one placed before it is lifted (straight up on screen) until it clears it. Pure and deterministic:
 * the order is the priority (buildings first, then the hottest meters), so the same view always gives the
 * same picture and the most important labels stay on their anchors.
 */

/** A label's box on screen in CSS pixels, y downwards. */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Free pixels kept between two stacked labels. */
export const LABEL_GAP_PX = 4;

const overlaps = (a: ScreenBox, b: ScreenBox, gap: number): boolean =>
  a.left < b.left + b.width + gap && b.left < a.left + a.width + gap && a.top < b.top + b.height + gap && b.top < a.top + a.height + gap;

/**
 * How far up (pixels, ≥ 0) each label must move so no two overlap. Labels are placed in the given order;
 * one that hits a placed label moves to just above it, and again while it hits another. The lift only
 * grows, so each placed label is cleared at most once and the loop ends.
 */
export function stackLabels(boxes: readonly ScreenBox[], gap = LABEL_GAP_PX): number[] {
  const placed: ScreenBox[] = [];
  return boxes.map((box) => {
    let lift = 0;
    for (let pass = 0; pass <= placed.length; pass += 1) {
      const moved = { ...box, top: box.top - lift };
      const hit = placed.filter((other) => overlaps(moved, other, gap));
      if (hit.length === 0) break;
      // Above the lowest-reaching label it hits: the smallest lift that clears that one.
      const clearTop = Math.min(...hit.map((other) => other.top)) - gap - box.height;
      lift = Math.max(lift + 1, box.top - clearTop);
    }
    placed.push({ ...box, top: box.top - lift });
    return lift;
  });
}

/** A label in the world: sprite anchored at the middle of its bottom edge, `height` world units tall. */
export interface WorldLabel {
  anchor: Vector3;
  height: number;
  /** Width over height of the sprite. */
  aspect: number;
}

export interface Viewport {
  width: number;
  height: number;
}

const scratch = new Vector3();

/** Screen pixels per world unit at the label's depth (a sprite faces the camera, so its size is its scale times this). */
export function pixelsPerUnit(anchor: Vector3, camera: PerspectiveCamera, viewport: Viewport): number {
  const depth = Math.max(1e-3, -scratch.copy(anchor).applyMatrix4(camera.matrixWorldInverse).z);
  return viewport.height / (2 * depth * Math.tan((camera.fov * Math.PI) / 360));
}

/** Where the label's sprite falls on screen (the camera's matrices must be current). */
export function labelScreenBox(label: WorldLabel, camera: PerspectiveCamera, viewport: Viewport): ScreenBox {
  const scale = pixelsPerUnit(label.anchor, camera, viewport);
  const ndc = scratch.copy(label.anchor).project(camera);
  const x = ((ndc.x + 1) / 2) * viewport.width;
  const y = ((1 - ndc.y) / 2) * viewport.height;
  const height = label.height * scale;
  const width = height * label.aspect;
  return { left: x - width / 2, top: y - height, width, height };
}

/**
 * The world position of each label after stacking: its anchor moved along the camera's up direction by its
 * lift (so it rises straight up on screen whatever the camera's tilt).
 */
export function stackedPositions(labels: readonly WorldLabel[], camera: PerspectiveCamera, viewport: Viewport): Vector3[] {
  const boxes = labels.map((label) => labelScreenBox(label, camera, viewport));
  const lifts = stackLabels(boxes);
  const up = new Vector3(0, 1, 0).applyQuaternion(camera.quaternion);
  return labels.map((label, index) => label.anchor.clone().addScaledVector(up, lifts[index]! / pixelsPerUnit(label.anchor, camera, viewport)));
}
