import { describe, expect, it } from 'vitest';
import { fitDistance, TOUR_BOB, TOUR_CLOSER, TOUR_ELEVATION, tourCameraPosition, tourPath } from './tour';

describe('camera tour', () => {
  const path = { radius: 100, height: 50, lapSeconds: 240 };

  it('starts at the south-east corner and comes back after one lap', () => {
    const start = tourCameraPosition(0, path);
    expect(start[0]).toBeCloseTo(100 * Math.SQRT1_2, 9);
    expect(start[1]).toBeCloseTo(50, 9);
    expect(start[2]).toBeCloseTo(100 * Math.SQRT1_2, 9);
    tourCameraPosition(240, path).forEach((value, i) => expect(value).toBeCloseTo(start[i]!, 9));
  });

  it('turns a quarter circle in a quarter lap, at a constant distance, rising and falling by the bob', () => {
    const quarter = tourCameraPosition(60, path);
    expect(quarter[0]).toBeCloseTo(-100 * Math.SQRT1_2, 9);
    expect(quarter[2]).toBeCloseTo(100 * Math.SQRT1_2, 9);
    expect(quarter[1]).toBeCloseTo(50, 9);
    const eighth = tourCameraPosition(30, path);
    expect(Math.hypot(eighth[0], eighth[2])).toBeCloseTo(100, 9);
    expect(eighth[1]).toBeCloseTo(50 * (1 + TOUR_BOB), 9);
  });

  it('fits the site in the narrower field of view', () => {
    expect(fitDistance(10, 90, 2, 1)).toBeCloseTo(10 / Math.sin(Math.PI / 4), 9);
    // Portrait: the horizontal half-angle is atan(tan(45°) * 0.5).
    expect(fitDistance(10, 90, 0.5, 1)).toBeCloseTo(10 / Math.sin(Math.atan(0.5)), 9);
    const circle = tourPath(10, 90, 2, 0);
    expect(circle.lapSeconds).toBe(1);
    expect(Math.hypot(circle.radius, circle.height)).toBeCloseTo(fitDistance(10, 90, 2) * TOUR_CLOSER, 9);
    expect(Math.atan2(circle.height, circle.radius)).toBeCloseTo(TOUR_ELEVATION, 9);
  });
});
