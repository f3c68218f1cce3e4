import { describe, expect, it } from 'vitest';
import { chartPalette } from '../../charts/palette';
import { gaugeAngle, gaugeGeometry } from './gaugeGeometry';
import { gaugeOptions } from './options';

const palette = chartPalette({ mode: 'dark', accent: '#3aa0ff' });
const options = gaugeOptions.parse({ max: 200, warning: 140, alarm: 180 });
const degrees = (radians: number) => Math.round((radians * 180) / Math.PI);

describe('gauge geometry', () => {
  it('sweeps 260° open at the bottom, clamping fractions to the range', () => {
    expect([gaugeAngle(0), gaugeAngle(0.5), gaugeAngle(1), gaugeAngle(-1), gaugeAngle(3)].map(degrees)).toEqual([-130, 0, 130, -130, 130]);
  });

  it('pins the needle to the range, prints the real value in the state colour', () => {
    const dial = gaugeGeometry({ value: 250, text: '250.0 kW', options, palette, width: 300, height: 240, scale: 1 });
    expect(dial).toMatchObject({ cx: 150, cy: 132.1, radius: 128, thickness: 19, state: 'alarm' });
    // Past the maximum: the tip sits at 130°, 60 % of the radius out.
    expect(dial.needle).toEqual({ d: 'M58.8,49.4L2.6,-3.1L-2.6,3.1Z', hubRadius: 11, fill: palette.text });
    expect(dial.figure).toEqual({ x: 0, y: 89.6, text: '250.0 kW', fontSize: 26, fill: palette.alarm });
    const low = gaugeGeometry({ value: -10, text: '-10.0 kW', options, palette, width: 300, height: 240, scale: 1 });
    expect(low.needle.d).toBe('M-58.8,49.4L2.6,3.1L-2.6,-3.1Z');
    expect(low.figure.fill).toBe(palette.text);
  });

  it('draws one ring segment per band, skipping empty ones, with gaps at each fifth', () => {
    const dial = gaugeGeometry({ value: 150, text: '150.0 kW', options, palette, width: 300, height: 240, scale: 1 });
    expect(dial.bands.map((band) => band.fill)).toEqual([palette.good, palette.warning, palette.alarm]);
    // good: 0 → 70 % of the range, i.e. −130° → 52°, between radii 109 and 128.
    expect(dial.bands[0]!.d).toBe('M-98.1,82.3A128,128,0,1,1,100.9,-78.8L85.9,-67.1A109,109,0,1,0,-83.5,70.1Z');
    expect(dial.ticks[0]).toEqual({ x1: -106.6, y1: -22.7, x2: -125.2, y2: -26.6 });
    expect(dial.ticks).toHaveLength(4);
    expect(dial.state).toBe('warning');
    expect(dial.figure.fill).toBe(palette.warning);
    const outside = gaugeGeometry({ value: 150, text: '', options: { ...options, warning: -50, alarm: 500 }, palette, width: 300, height: 240, scale: 1 });
    expect(outside.bands.map((band) => band.fill)).toEqual([palette.warning]);
  });

  it('labels the range ends under the open ends of the ring', () => {
    const dial = gaugeGeometry({ value: 150, text: '150.0 kW', options, palette, width: 300, height: 240, scale: 1 });
    expect(dial.min).toEqual({ x: -90.8, y: 92.3, text: '0', fontSize: 12, fill: palette.subtleText });
    expect(dial.max).toMatchObject({ x: 90.8, y: 92.3, text: '200' });
    expect(gaugeGeometry({ value: 1, text: '1', options: { ...options, min: -1500, max: 12_000 }, palette, width: 300, height: 240, scale: 1 }).max.text).toBe(
      '12k',
    );
  });

  it('scales the figure and strokes with the board, shrinking the figure to fit between the labels', () => {
    const at = (scale: number, side: number, text = '50.0 kW') => gaugeGeometry({ value: 50, text, options, palette, width: side, height: side, scale });
    expect(at(2, 800).figure).toMatchObject({ fontSize: 52, fill: palette.text });
    expect(at(2, 800)).toMatchObject({ radius: 392, thickness: 59, tickWidth: 2 });
    expect(at(2, 200).figure.fontSize).toBe(21);
    expect(at(1, 300, '12,345,678.9 kWh').figure.fontSize).toBe(18);
  });

  it('keeps the whole dial inside the tile', () => {
    for (const [width, height, scale] of [
      [300, 240, 1],
      [480, 270, 1],
      [160, 400, 1],
      [800, 200, 2],
      [1200, 900, 2],
    ] as const) {
      const dial = gaugeGeometry({ value: 50, text: '50.0 kW', options, palette, width, height, scale });
      expect(dial.cy - dial.radius).toBeGreaterThanOrEqual(0);
      expect(dial.cx - dial.radius).toBeGreaterThanOrEqual(0);
      expect(dial.cy + dial.figure.y + dial.figure.fontSize * 0.55).toBeLessThanOrEqual(height);
      expect(dial.cy + dial.min.y + dial.min.fontSize / 2).toBeLessThanOrEqual(height);
    }
  });
});
