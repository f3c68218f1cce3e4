/**
 * Plausible demand for a demo meter at a moment: a base load, a working-day shape, and noise.
 * Deterministic per meter (seeded) so restarts continue the same character of each load.
 */
export type LoadKind = 'process' | 'lighting' | 'hvac' | 'it' | 'water' | 'gas' | 'incomer';

export interface LoadShape {
  kind: LoadKind;
  /** Typical demand at full activity (kW, or m³/h for water and gas). */
  peak: number;
  /** Share of the peak drawn when the site is idle. */
  baseShare: number;
}

function hourOfDay(instant: number, utcOffsetHours: number): number {
  return (((instant / 3_600_000 + utcOffsetHours) % 24) + 24) % 24;
}

/** 0…1: how busy the site is (ramps up 06–08, full 08–18, down 18–20, weekends quieter). */
export function activity(instant: number, utcOffsetHours: number): number {
  const hour = hourOfDay(instant, utcOffsetHours);
  const day = new Date(instant + utcOffsetHours * 3_600_000).getUTCDay();
  const weekend = day === 0 || day === 6 ? 0.35 : 1;
  if (hour < 6 || hour >= 20) return 0;
  if (hour < 8) return ((hour - 6) / 2) * weekend;
  if (hour < 18) return weekend;
  return ((20 - hour) / 2) * weekend;
}

/** Pseudo-random but repeatable noise in [-1, 1] for a meter and a time step. */
export function noise(seed: number, step: number): number {
  const x = Math.sin(seed * 12.9898 + step * 78.233) * 43758.5453;
  return (x - Math.floor(x)) * 2 - 1;
}

const YEAR_MS = 365.25 * 86_400_000;
/** Where the slow wave of the site's load crosses 1, rising. */
const TREND_EPOCH = Date.UTC(2025, 9, 1);

/**
 * The site's load drifts slowly (more shifts, then efficiency work): ±10 % on a six-year wave, so
 * month-on-month and year-on-year differ a little, and a fixed threshold stays right for years.
 */
export function siteTrend(instant: number): number {
  return 1 + 0.1 * Math.sin(((instant - TREND_EPOCH) / (6 * YEAR_MS)) * 2 * Math.PI);
}

/** 0…1 over the year: 1 in late July, 0 in late January (northern summer). */
export function summer(instant: number): number {
  const dayOfYear = (instant - Date.UTC(new Date(instant).getUTCFullYear(), 0, 1)) / 86_400_000;
  return 0.5 + 0.5 * Math.cos(((dayOfYear - 205) / 365.25) * 2 * Math.PI);
}

/** Cooling works harder in summer, the boiler in winter; everything else keeps its level all year. */
function season(kind: LoadKind, instant: number): number {
  if (kind === 'hvac') return 0.7 + 0.45 * summer(instant);
  if (kind === 'gas') return 1.15 - 0.45 * summer(instant);
  return 1;
}

export function demand(shape: LoadShape, instant: number, utcOffsetHours: number, seed: number): number {
  const busy = activity(instant, utcOffsetHours);
  const hour = hourOfDay(instant, utcOffsetHours);
  let level: number;
  switch (shape.kind) {
    case 'it':
      level = 0.85 + 0.1 * busy; // data rooms run flat out day and night
      break;
    case 'hvac':
      level = shape.baseShare + (1 - shape.baseShare) * Math.max(0, Math.sin(((hour - 8) / 24) * 2 * Math.PI)) * (0.5 + 0.5 * busy);
      break;
    case 'lighting':
      level = shape.baseShare + (1 - shape.baseShare) * busy;
      break;
    default:
      level = shape.baseShare + (1 - shape.baseShare) * busy;
  }
  const jitter = 1 + 0.08 * noise(seed, Math.floor(instant / 60_000));
  return Math.max(0, shape.peak * level * jitter * season(shape.kind, instant) * siteTrend(instant));
}
