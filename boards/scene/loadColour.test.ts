import { describe, expect, it } from 'vitest';
import { ALARM_COLOUR, alarmColour, alarmPulse, ALARM_PULSE_SECONDS, cssColour, loadColour, NO_DATA_COLOUR } from './loadColour';

describe('loadColour', () => {
  it('maps the ramp stops to their colours', () => {
    expect(cssColour(loadColour(0))).toBe('rgb(47, 111, 219)');
    expect(cssColour(loadColour(0.4))).toBe('rgb(34, 181, 160)');
    expect(cssColour(loadColour(0.7))).toBe('rgb(232, 197, 71)');
    expect(cssColour(loadColour(1))).toBe('rgb(240, 123, 34)');
  });

  it('interpolates between stops and clamps outside 0…1', () => {
    expect(cssColour(loadColour(0.2))).toBe('rgb(41, 146, 190)');
    expect(loadColour(-3)).toEqual(loadColour(0));
    expect(loadColour(7)).toEqual(loadColour(1));
  });

  it('is grey without data', () => {
    expect(loadColour(null)).toBe(NO_DATA_COLOUR);
    expect(loadColour(Number.NaN)).toBe(NO_DATA_COLOUR);
    expect(cssColour(NO_DATA_COLOUR)).toBe('rgb(91, 100, 114)');
  });
});

describe('alarm pulse', () => {
  it('goes from half red to full red and back once per pulse', () => {
    expect(alarmPulse(0)).toBeCloseTo(0, 9);
    expect(alarmPulse(ALARM_PULSE_SECONDS / 2)).toBeCloseTo(1, 9);
    expect(alarmPulse(ALARM_PULSE_SECONDS)).toBeCloseTo(0, 9);
    expect(cssColour(alarmColour(NO_DATA_COLOUR, 1))).toBe(cssColour(ALARM_COLOUR));
    expect(cssColour(alarmColour(NO_DATA_COLOUR, 0))).toBe('rgb(173, 66, 80)');
  });
});
