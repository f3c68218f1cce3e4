import { describe, expect, it } from 'vitest';
import { chartPalette } from '../../charts/palette';
import { gaugeBands, gaugeState, stateColour } from './gaugeBands';
import { gaugeWidget } from './descriptor';
import { gaugeOptions } from './options';

const palette = chartPalette({ mode: 'dark', accent: '#3aa0ff' });
const { good, warning, alarm } = palette;

describe('gauge descriptor', () => {
  it('has defaults for every option and reads the first bound meter', () => {
    expect(gaugeOptions.parse({})).toEqual({ min: 0, max: 100, warning: null, alarm: null, direction: 'above', digits: 1, unit: '' });
    expect(gaugeWidget.channels({ meterIds: [9, 10], metric: 'v' }, gaugeOptions.parse({}))).toEqual(['meter:9:latest']);
    expect(gaugeWidget.channels({}, gaugeOptions.parse({}))).toEqual([]);
  });

  it('refuses a range or bands in the wrong order', () => {
    expect(gaugeOptions.safeParse({ min: 10, max: 10 }).error?.issues[0]?.message).toBe('The maximum must be above the minimum');
    expect(gaugeOptions.safeParse({ warning: 90, alarm: 80 }).error?.issues[0]?.message).toBe('The alarm band must start at or above the warning band');
    expect(gaugeOptions.safeParse({ direction: 'below', warning: 0.85, alarm: 0.9, min: 0, max: 1 }).error?.issues[0]?.message).toBe(
      'The alarm band must start at or below the warning band',
    );
  });
});

describe('gauge bands', () => {
  const high = { min: 0, max: 200, warning: 140, alarm: 180, direction: 'above' as const };
  const low = { min: 0.5, max: 1, warning: 0.9, alarm: 0.8, direction: 'below' as const };

  it('judges a value against the bands, a threshold counting as inside its band', () => {
    expect(gaugeState(139.9, high)).toBe('normal');
    expect(gaugeState(140, high)).toBe('warning');
    expect(gaugeState(180, high)).toBe('alarm');
    expect(gaugeState(0.95, low)).toBe('normal');
    expect(gaugeState(0.85, low)).toBe('warning');
    expect(gaugeState(0.8, low)).toBe('alarm');
  });

  it('colours the dial as fractions of the range', () => {
    expect(gaugeBands(high, palette)).toEqual([
      [0.7, good],
      [0.9, warning],
      [1, alarm],
    ]);
    expect(gaugeBands({ ...high, warning: null }, palette)).toEqual([
      [0.9, good],
      [1, alarm],
    ]);
    expect(gaugeBands({ ...high, alarm: null }, palette)).toEqual([
      [0.7, good],
      [1, warning],
    ]);
    expect(gaugeBands(low, palette)).toEqual([
      [0.6, alarm],
      [0.8, warning],
      [1, good],
    ]);
    expect(gaugeBands({ ...high, warning: null, alarm: null }, palette)).toEqual([[1, '#3aa0ff']]);
    expect(gaugeBands({ ...high, warning: -50, alarm: 500 }, palette)).toEqual([
      [0, good],
      [1, warning],
      [1, alarm],
    ]);
  });

  it('prints the figure in its band’s colour, plain text when normal', () => {
    expect([stateColour('normal', palette), stateColour('warning', palette), stateColour('alarm', palette)]).toEqual(['#e6edf5', '#faad14', '#ff4d4f']);
  });
});
