import { describe, expect, it } from 'vitest';
import { dayFigures, energyPerUnit, stateOfPower, stateOfSlot, timeline, type DeviceSlot } from './deviceStates';

const thresholds = { runThresholdKw: 40, offThresholdKw: 5 };
const Q = 15 * 60_000;
/** A day of 96 quarters from `energies` repeated by count: [[kWh, count], …]. */
const slotsOf = (runs: [number | null, number][]): DeviceSlot[] => {
  const slots: DeviceSlot[] = [];
  for (const [energy, count] of runs) for (let i = 0; i < count; i++) slots.push({ start: slots.length * Q, energy });
  return slots;
};

describe('device states', () => {
  it('reads running at and above the run threshold, off at and below the off threshold, idle between', () => {
    expect(stateOfPower(40, thresholds)).toBe('running');
    expect(stateOfPower(39.999, thresholds)).toBe('idle');
    expect(stateOfPower(5.001, thresholds)).toBe('idle');
    expect(stateOfPower(5, thresholds)).toBe('off');
    expect(stateOfPower(0, thresholds)).toBe('off');
    // 10 kWh in a quarter hour is 40 kW average: running; 1.25 kWh is 5 kW: off; no interval: no data.
    expect(stateOfSlot(10, thresholds)).toBe('running');
    expect(stateOfSlot(1.25, thresholds)).toBe('off');
    expect(stateOfSlot(null, thresholds)).toBe('noData');
  });

  it('sums a day of intervals into hours and energy by state', () => {
    // 00:00–06:00 24 quarters × 1 kWh (4 kW: off) = 24 kWh, 6 h
    // 06:00–08:00  8 quarters × 5 kWh (20 kW: idle) = 40 kWh, 2 h
    // 08:00–16:00 32 quarters × 12 kWh (48 kW: running) = 384 kWh, 8 h
    // 16:00–18:00  8 quarters × 5 kWh (idle) = 40 kWh, 2 h → idle 4 h, 80 kWh
    // 18:00–23:00 20 quarters × 0.5 kWh (off) = 10 kWh, 5 h → off 11 h, 34 kWh
    // 23:00–24:00  4 quarters missing → no data 1 h
    const day = dayFigures(
      slotsOf([
        [1, 24],
        [5, 8],
        [12, 32],
        [5, 8],
        [0.5, 20],
        [null, 4],
      ]),
      thresholds,
    );
    expect(day.hours).toEqual({ running: 8, idle: 4, off: 11, noData: 1 });
    expect(day.energy).toEqual({ running: 384, idle: 80, off: 34, noData: 0, total: 498 });
    // 498 kWh / 8 running hours = 62.25 kWh per running hour; idle 80 / 498
    expect(day.energyPerRunningHour).toBe(62.25);
    expect(day.idleShare).toBeCloseTo(80 / 498, 12);
  });

  it('keeps what some meters stored in a no-data interval as no-data energy', () => {
    const day = dayFigures(
      [
        { start: 0, energy: 12 },
        { start: Q, energy: null, partialEnergy: 3 },
      ],
      thresholds,
    );
    expect(day.hours).toEqual({ running: 0.25, idle: 0, off: 0, noData: 0.25 });
    expect(day.energy).toEqual({ running: 12, idle: 0, off: 0, noData: 3, total: 15 });
  });

  it('has no energy per running hour without running, and no idle share without energy', () => {
    const idle = dayFigures(slotsOf([[3, 96]]), thresholds);
    expect(idle.hours.idle).toBe(24);
    expect(idle.energy.idle).toBe(288);
    expect(idle.energyPerRunningHour).toBeNull();
    expect(dayFigures(slotsOf([[null, 96]]), thresholds).idleShare).toBeNull();
  });

  it('joins consecutive quarters of one state into segments with their average power', () => {
    const segments = timeline(
      slotsOf([
        [1, 2],
        [12, 3],
        [null, 1],
        [12, 1],
      ]),
      thresholds,
    );
    expect(segments).toEqual([
      // 2 quarters × 1 kWh over 0.5 h = 4 kW
      { from: 0, to: 2 * Q, state: 'off', energy: 2, averageKw: 4 },
      // 3 × 12 = 36 kWh over 0.75 h = 48 kW
      { from: 2 * Q, to: 5 * Q, state: 'running', energy: 36, averageKw: 48 },
      { from: 5 * Q, to: 6 * Q, state: 'noData', energy: 0, averageKw: 0 },
      { from: 6 * Q, to: 7 * Q, state: 'running', energy: 12, averageKw: 48 },
    ]);
  });

  it('gives energy per unit only when something was produced', () => {
    // 498 kWh over 120 standard units = 4.15 kWh per unit
    expect(energyPerUnit(498, 120)).toBeCloseTo(4.15, 12);
    expect(energyPerUnit(498, 0)).toBeNull();
    expect(energyPerUnit(498, null)).toBeNull();
  });
});
