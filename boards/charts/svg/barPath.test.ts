import { describe, expect, it } from 'vitest';
import { barPath } from './barPath';

describe('barPath', () => {
  it('rounds the two corners of the far end only', () => {
    expect(barPath(10, 20, 100, 40, 3, 'right')).toBe('M10,20H107A3,3 0 0 1 110,23V57A3,3 0 0 1 107,60H10Z');
    expect(barPath(10, 20, 40, 100, 3, 'top')).toBe('M10,120V23A3,3 0 0 1 13,20H47A3,3 0 0 1 50,23V120Z');
    expect(barPath(10, 20, 40, 100, 3, 'bottom')).toBe('M50,20V117A3,3 0 0 1 47,120H13A3,3 0 0 1 10,117V20Z');
    expect(barPath(10, 20, 100, 40, 3, 'left')).toBe('M110,60H13A3,3 0 0 1 10,57V23A3,3 0 0 1 13,20H110Z');
  });

  it('shrinks the radius on a thin or short bar and draws a plain rectangle at zero length', () => {
    expect(barPath(124, 27.1, 120, 5.1, 3, 'right')).toBe('M124,27.1H241.5A2.5,2.5 0 0 1 244,29.6V29.7A2.5,2.5 0 0 1 241.5,32.2H124Z');
    expect(barPath(0, 0, 1.5, 10, 3, 'right')).toBe('M0,0H0A1.5,1.5 0 0 1 1.5,1.5V8.5A1.5,1.5 0 0 1 0,10H0Z');
    expect(barPath(5, 5, 0, 10, 3, 'right')).toBe('M5,5H5V15H5Z');
  });
});
