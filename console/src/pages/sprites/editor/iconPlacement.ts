/**
 * Icon positions are stored as the mimic stores them: the icon's centre in % of the picture's width and
 * height (boards/widgets/mimic), so they stay on their machine at any display size. These turn pointer
 * positions on the shown picture into those percentages.
 */

/** Where the picture is on screen (getBoundingClientRect of the shown image). */
export interface PictureBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface IconSpot {
  x: number;
  y: number;
}

/** Keeps a position on the picture: an icon dragged past an edge stops at it. */
export const clampPercent = (value: number): number => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0);

/** One decimal: a tenth of a percent is under a pixel on a 1000-pixel picture, and keeps documents short. */
const tenth = (value: number): number => Math.round(value * 10) / 10;

/** The pointer at (clientX, clientY) as a spot on the picture, clamped to 0–100 on both axes. */
export function spotAt(clientX: number, clientY: number, box: PictureBox): IconSpot {
  const x = box.width > 0 ? ((clientX - box.left) / box.width) * 100 : 0;
  const y = box.height > 0 ? ((clientY - box.top) / box.height) * 100 : 0;
  return { x: tenth(clampPercent(x)), y: tenth(clampPercent(y)) };
}

/** A spot moved by a step in % (arrow keys), still on the picture. */
export function nudge(spot: IconSpot, dx: number, dy: number): IconSpot {
  return { x: tenth(clampPercent(spot.x + dx)), y: tenth(clampPercent(spot.y + dy)) };
}
