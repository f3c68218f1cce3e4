/**
 * What a production device was doing in each stored 15-minute interval, from the energy its meters counted:
 * average power P = kWh × 4 (kW over a quarter hour); running when P ≥ the run threshold, off when P ≤ the off
 * threshold, idle in between (powered, drawing, producing nothing: the waste). An interval none of the device's
 * meters stored is `noData`, never guessed as off. Pure: the server feeds it, the console and tests read it.
 */
export const DEVICE_STATES = ['running', 'idle', 'off'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];
/** A timeline slot's state: a device state, or no data (no meter of the device stored the interval). */
export type SlotState = DeviceState | 'noData';

/** Quarter hours per hour: kWh in 15 minutes × 4 = average kW. */
export const QUARTERS_PER_HOUR = 4;
export const SLOT_HOURS = 1 / QUARTERS_PER_HOUR;

export interface DeviceThresholds {
  runThresholdKw: number;
  offThresholdKw: number;
}

/**
 * One 15-minute interval of a device: its start and the summed energy of its meters, null unless every meter of
 * the device stored the interval (a sum missing a meter could read a running machine as idle). `partialEnergy`:
 * what the meters that did store it counted, kept in the day's energy as no-data energy.
 */
export interface DeviceSlot {
  start: number;
  energy: number | null;
  partialEnergy?: number;
}

export function stateOfPower(powerKw: number, thresholds: DeviceThresholds): DeviceState {
  if (powerKw >= thresholds.runThresholdKw) return 'running';
  if (powerKw <= thresholds.offThresholdKw) return 'off';
  return 'idle';
}

export const stateOfSlot = (energy: number | null, thresholds: DeviceThresholds): SlotState =>
  energy === null ? 'noData' : stateOfPower(energy * QUARTERS_PER_HOUR, thresholds);

export type StateFigures = Record<SlotState, number>;

/** One stretch of the day in one state: [from, to) in epoch ms, its energy and average power. */
export interface TimelineSegment {
  from: number;
  to: number;
  state: SlotState;
  energy: number;
  averageKw: number;
}

export interface DeviceDayFigures {
  hours: StateFigures;
  energy: StateFigures & { total: number };
  /** The day's energy over its running hours (kWh/h): idle and off energy included, so waste raises it. Null without running. */
  energyPerRunningHour: number | null;
  /** Idle energy share of the day's energy (0–1), null when the device used nothing. */
  idleShare: number | null;
}

const zero = (): StateFigures => ({ running: 0, idle: 0, off: 0, noData: 0 });

/**
 * Hours and energy per state over the given slots (one per 15-minute interval of the day, in order). Energy sums
 * are exact sums of the stored intervals; hours are counts × 0.25 (no rounding here: the screen rounds).
 */
export function dayFigures(slots: readonly DeviceSlot[], thresholds: DeviceThresholds): DeviceDayFigures {
  const hours = zero();
  const energy = { ...zero(), total: 0 };
  for (const slot of slots) {
    const state = stateOfSlot(slot.energy, thresholds);
    hours[state] += SLOT_HOURS;
    const counted = slot.energy ?? slot.partialEnergy ?? 0;
    energy[state] += counted;
    energy.total += counted;
  }
  return {
    hours,
    energy,
    energyPerRunningHour: hours.running > 0 ? energy.total / hours.running : null,
    idleShare: energy.total > 0 ? energy.idle / energy.total : null,
  };
}

/** Consecutive slots of one state joined into one segment; `slotMs` is the interval length (15 minutes). */
export function timeline(slots: readonly DeviceSlot[], thresholds: DeviceThresholds, slotMs = 15 * 60_000): TimelineSegment[] {
  const segments: TimelineSegment[] = [];
  for (const slot of slots) {
    const state = stateOfSlot(slot.energy, thresholds);
    const last = segments[segments.length - 1];
    const energy = slot.energy ?? slot.partialEnergy ?? 0;
    if (last && last.state === state && last.to === slot.start) {
      last.to = slot.start + slotMs;
      last.energy += energy;
    } else {
      segments.push({ from: slot.start, to: slot.start + slotMs, state, energy, averageKw: 0 });
    }
  }
  for (const segment of segments) segment.averageKw = segment.energy / ((segment.to - segment.from) / 3_600_000);
  return segments;
}

/** Energy per unit of standard output: null when nothing was produced (a device that idled a whole holiday has no "per unit"). */
export const energyPerUnit = (energy: number, standardOutput: number | null): number | null =>
  standardOutput !== null && standardOutput > 0 ? energy / standardOutput : null;
