import { describe, expect, it } from 'vitest';
import { ellipsize, textWidth } from './textFit';

describe('text fit', () => {
  it('estimates widths from per-character advances, CJK a full em', () => {
    expect(textWidth('00:00', 12)).toBe(33);
    expect(textWidth('Offices', 10)).toBe(37);
    expect(textWidth('冷机', 12)).toBe(24);
  });

  it('shortens a name with an ellipsis to fit, or gives up when not even a letter fits', () => {
    expect(ellipsize('Offices', 100, 12)).toBe('Offices');
    expect(ellipsize('Production Hall A', 60, 12)).toBe('Producti…');
    expect(ellipsize('Production Hall A', 5, 12)).toBe('');
  });
});
