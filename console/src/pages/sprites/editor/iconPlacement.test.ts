import { describe, expect, it } from 'vitest';
import { clampPercent, nudge, spotAt } from './iconPlacement';

// A 400×200 picture shown at (100, 50) on the page.
const box = { left: 100, top: 50, width: 400, height: 200 };

describe('icon placement in % of the picture', () => {
  it('turns a click into the spot in % of the picture, to a tenth of a percent', () => {
    expect(spotAt(300, 150, box)).toEqual({ x: 50, y: 50 });
    expect(spotAt(100, 50, box)).toEqual({ x: 0, y: 0 });
    expect(spotAt(500, 250, box)).toEqual({ x: 100, y: 100 });
    expect(spotAt(201, 111, box)).toEqual({ x: 25.3, y: 30.5 });
  });

  it('clamps a drag past an edge to 0–100 on each axis', () => {
    expect(spotAt(40, 400, box)).toEqual({ x: 0, y: 100 });
    expect(spotAt(900, -20, box)).toEqual({ x: 100, y: 0 });
    expect(clampPercent(-0.1)).toBe(0);
    expect(clampPercent(100.4)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
  });

  it('does not divide by a picture that has no size yet', () => {
    expect(spotAt(300, 150, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });

  it('nudges with the arrow keys and stops at the edges', () => {
    expect(nudge({ x: 10, y: 10 }, 0.5, -0.5)).toEqual({ x: 10.5, y: 9.5 });
    expect(nudge({ x: 99, y: 2 }, 5, -5)).toEqual({ x: 100, y: 0 });
  });
});
