import { describe, expect, it } from 'vitest';
import { chartPalette, seriesColour } from './palette';
import { scaledFont } from './textStyles';

describe('chart palette and text styles', () => {
  it('leads the series colours with the accent, without repeating it', () => {
    const palette = chartPalette({ mode: 'dark', accent: '#36CFC9' });
    expect(palette.series.slice(0, 3)).toEqual(['#36cfc9', '#ffc53d', '#9254de']);
    expect(palette.series).toHaveLength(8);
    expect(palette.text).toBe('#e6edf5');
    expect(seriesColour(palette, 9)).toBe('#ffc53d');
  });

  it('uses dark text on a light board', () => {
    const palette = chartPalette({ mode: 'light', accent: '#3aa0ff' });
    expect(palette.text).toBe('#1f2a37');
    expect(palette.surface).toBe('#ffffff');
    expect(palette.series).toHaveLength(9);
    expect(palette.series[0]).toBe('#3aa0ff');
  });

  it('scales fonts with the board', () => {
    expect(scaledFont(12, 1)).toBe(12);
    expect(scaledFont(12, 2)).toBe(24);
    expect(scaledFont(12, 0.7115)).toBe(8.5);
  });
});
