/**
 * The slow camera tour: a circle around the site centre, looking at it from above at an angle, with a
 * gentle rise and fall so the view never looks frozen. Pure (unit-tested): the scene feeds it the tour's
 * own elapsed time, which stops while the tour is paused, so resuming continues where it stopped.
 */
export type Vec3 = readonly [number, number, number];

export interface TourPath {
  /** Horizontal distance from the site centre. */
  radius: number;
  /** Camera height above the ground at the middle of its rise and fall. */
  height: number;
  lapSeconds: number;
}

/** The tour starts looking from the south-east corner, where the site reads best. */
export const TOUR_START_ANGLE = Math.PI / 4;
/** The camera looks down at this angle (radians above the horizon). */
export const TOUR_ELEVATION = (35 * Math.PI) / 180;
/** Height varies by ±this share of the mean height, twice per lap. */
export const TOUR_BOB = 0.08;

/** Distance at which a sphere of `radius` fills the view (vertical fov in degrees, width/height aspect), with a margin. */
export function fitDistance(radius: number, fovDegrees: number, aspect: number, margin = 1.1): number {
  const vertical = (fovDegrees * Math.PI) / 360;
  const horizontal = Math.atan(Math.tan(vertical) * Math.max(aspect, 1e-3));
  const half = Math.min(vertical, horizontal);
  return (Math.max(radius, 1) * margin) / Math.sin(half);
}

/**
 * The site is flat: seen from TOUR_ELEVATION its bounding sphere is far taller than what is drawn, so the
 * tour comes closer than the sphere fit (the corners still stay in view at any angle of the lap).
 */
export const TOUR_CLOSER = 0.75;

/** The tour circle for a site of `siteRadius` seen with a camera of that fov and aspect. */
export function tourPath(siteRadius: number, fovDegrees: number, aspect: number, lapSeconds: number): TourPath {
  const distance = fitDistance(siteRadius, fovDegrees, aspect) * TOUR_CLOSER;
  return { radius: distance * Math.cos(TOUR_ELEVATION), height: distance * Math.sin(TOUR_ELEVATION), lapSeconds: Math.max(1, lapSeconds) };
}

/** Camera position `seconds` into the tour ; it looks at the origin. */
export function tourCameraPosition(seconds: number, path: TourPath): Vec3 {
  const angle = TOUR_START_ANGLE + (2 * Math.PI * seconds) / path.lapSeconds;
  const height = path.height * (1 + TOUR_BOB * Math.sin(2 * (angle - TOUR_START_ANGLE)));
  return [path.radius * Math.cos(angle), height, path.radius * Math.sin(angle)];
}
