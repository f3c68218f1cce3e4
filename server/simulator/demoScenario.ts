import { INTERVAL_MS } from '../alarms/alarmSettings';

/**
 * The events the demo site plays on top of its load curves. The seed (server/seed) imports the names
 * below to create the threshold rule the compressor trips, so the two stay in step.
 *
 * Every event repeats on a cycle phased from the scenario's origin (the instant the live simulator
 * starts), so a fresh `npm start` shows an overload within a minute and a dropout soon after, at any
 * publish interval shorter than the overload itself.
 */

/** The demo gateway every demo meter reports through (seeded by server/seed/demoOrganisation.ts). */
export const DEMO_GATEWAY_SN = 'GW-DEMO-01';

/** Compressor 1 (Utilities › Compressed Air): it overloads for a few minutes every hour. */
export const DEMO_COMPRESSOR_METER = 'M033';

/**
 * The "Compressor overload" rule's limit on metric `kw`: normal running stays under it (peak 110 kW,
 * +8 % noise, +10 % trend: ≤ 131 kW), an overload goes about 15 % over it.
 */
export const DEMO_COMPRESSOR_LIMIT_KW = 150;

/** Hysteresis for the rule (kW): the overload ends once back under limit − this. */
export const DEMO_COMPRESSOR_HYSTERESIS_KW = 10;

/** What the rule should wait before raising (s): shorter than the overload, so every overload raises. */
export const DEMO_COMPRESSOR_DURATION_S = 60;

/** Floor 1 sockets (Office Building): its meter drops out a few times a day. */
export const DEMO_DROPOUT_METER = 'M042';

/** Line 3 paint shop: once a day its register jumps by a digit, an implausible step for the quarantine. */
export const DEMO_GLITCH_METER = 'M022';
export const DEMO_GLITCH_KWH = 1_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An event that starts `firstAtMs` after the origin and again every `everyMs`, lasting `lastsMs`. */
export interface ScenarioCycle {
  firstAtMs: number;
  everyMs: number;
  lastsMs: number;
}

export interface ScenarioTiming {
  /** The compressor draws more than its limit. */
  overload: ScenarioCycle;
  /** The dropout meter sends nothing. */
  dropout: ScenarioCycle;
  /** The whole gateway sends nothing (its meters too). */
  gatewaySilence: ScenarioCycle;
  /** The glitch meter's register jumps (an instant: lastsMs 0). */
  glitch: ScenarioCycle;
}

/**
 * The schedule. A silence has to outlast ALARM_OFFLINE_INTERVALS × 15 minutes plus the one-minute
 * sweep to raise an offline (trouble) alarm at all, so it lasts that long plus ten minutes: 40 minutes
 * with the default of 2 intervals, raised after about 31 and cleared when the data returns.
 */
export function scenarioTiming(offlineIntervals: number): ScenarioTiming {
  const silence = offlineIntervals * INTERVAL_MS + 10 * MINUTE;
  return {
    overload: { firstAtMs: 30_000, everyMs: HOUR, lastsMs: 5 * MINUTE },
    dropout: { firstAtMs: 5 * MINUTE, everyMs: 8 * HOUR, lastsMs: silence },
    glitch: { firstAtMs: 10 * MINUTE, everyMs: DAY, lastsMs: 0 },
    gatewaySilence: { firstAtMs: 3 * HOUR, everyMs: 2 * DAY, lastsMs: silence },
  };
}

/** The start of the occurrence at or before `instant` (occurrences also run back before the origin). */
function occurrenceStart(cycle: ScenarioCycle, origin: number, instant: number): number {
  const first = origin + cycle.firstAtMs;
  return first + Math.floor((instant - first) / cycle.everyMs) * cycle.everyMs;
}

/** Is the cycle's event going on at `instant` ([start, start + lastsMs))? */
export function activeAt(cycle: ScenarioCycle, origin: number, instant: number): boolean {
  return instant - occurrenceStart(cycle, origin, instant) < cycle.lastsMs;
}

/** The occurrences whose start lies in [from, to), as [start, end) windows, oldest first. */
export function windowsBetween(cycle: ScenarioCycle, origin: number, from: number, to: number): { start: number; end: number }[] {
  const windows: { start: number; end: number }[] = [];
  let start = occurrenceStart(cycle, origin, from);
  if (start < from) start += cycle.everyMs;
  for (; start < to; start += cycle.everyMs) windows.push({ start, end: start + cycle.lastsMs });
  return windows;
}

/** How many occurrences start in (after, upTo]: register jumps that land on the reading at `upTo`. */
export function occurrencesIn(cycle: ScenarioCycle, origin: number, after: number, upTo: number): number {
  if (upTo <= after) return 0;
  return Math.floor((upTo - origin - cycle.firstAtMs) / cycle.everyMs) - Math.floor((after - origin - cycle.firstAtMs) / cycle.everyMs);
}

export interface ScenarioState {
  overload: boolean;
  dropout: boolean;
  gatewaySilent: boolean;
}

/** Which events are going on at `instant`. */
export function scenarioAt(timing: ScenarioTiming, origin: number, instant: number): ScenarioState {
  return {
    overload: activeAt(timing.overload, origin, instant),
    dropout: activeAt(timing.dropout, origin, instant),
    gatewaySilent: activeAt(timing.gatewaySilence, origin, instant),
  };
}
