/**
 * Interval energy from a cumulative register: energy that can be trusted.
 * Pure: given the previous accepted reading and the next one, say what the step means. A meter's energy is the
 * sum of the steps between its consecutive register readings in time order, whatever order they arrive in:
 * ingest re-derives the steps a late reading splits (server/ingest/README.md, "Readings in any order"), so
 * `stale` only tells a caller that the pair is not in time order.
 */
export interface RegisterProfile {
  /** Current-transformer ratio: the register counts secondary energy. */
  ctRatio: number;
  /** Voltage-transformer ratio. */
  ptRatio: number;
  /** The register wraps to 0 when it reaches this value (it never shows it). */
  registerMax: number;
  /** The most power the installation can draw, in kW of primary energy; above it a step is implausible. */
  ratedPowerKw: number;
}

export interface RegisterReading {
  ts: number;
  /** Raw register value as the meter shows it. */
  value: number;
}

export type RegisterStep =
  /** Energy consumed between the two readings (primary kWh, multipliers applied). */
  | { kind: 'energy'; from: number; to: number; energy: number; rolledOver: boolean }
  /** The register went back (reset, replacement): a new cycle starts, no energy is invented. */
  | { kind: 'reset'; from: number; to: number }
  /** More energy than the rating allows in that time: held for an operator, not counted. */
  | { kind: 'implausible'; from: number; to: number; energy: number; limit: number }
  /** Same or earlier timestamp than the previous reading: not a step (ingest re-derives late readings apart). */
  | { kind: 'stale' };

/** How far into the top of the range a register must have been for a drop to read as a wrap. */
const WRAP_ZONE = 0.1;
/** Slack on the rating so meter clock jitter does not quarantine honest steps. */
const RATING_SLACK = 1.2;

export function multiplier(profile: RegisterProfile): number {
  return profile.ctRatio * profile.ptRatio;
}

export function registerStep(previous: RegisterReading, next: RegisterReading, profile: RegisterProfile): RegisterStep {
  if (next.ts <= previous.ts) return { kind: 'stale' };
  const span = { from: previous.ts, to: next.ts };
  let raw = next.value - previous.value;
  let rolledOver = false;
  if (raw < 0) {
    const nearTop = previous.value >= profile.registerMax * (1 - WRAP_ZONE);
    const nearBottom = next.value <= profile.registerMax * WRAP_ZONE;
    if (!nearTop || !nearBottom) return { kind: 'reset', ...span };
    raw = profile.registerMax - previous.value + next.value;
    rolledOver = true;
  }
  const energy = raw * multiplier(profile);
  const hours = (next.ts - previous.ts) / 3_600_000;
  const limit = profile.ratedPowerKw * hours * RATING_SLACK;
  if (energy > limit) return { kind: 'implausible', ...span, energy, limit };
  return { kind: 'energy', ...span, energy, rolledOver };
}
