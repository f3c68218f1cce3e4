import { parseIsoDateTime } from '../schemas/dates';

/** Earliest and latest instants a reading may carry: no meter data before 2000, and at most 5 minutes of clock skew. */
export const EARLIEST_READING = Date.UTC(2000, 0, 1);
export const FUTURE_SKEW_MS = 5 * 60_000;

/**
 * Epoch milliseconds from a payload timestamp: a number (10 digits = seconds, spec §9) or ISO 8601 text.
 * Returns a reason instead when it is not a usable time.
 */
export function parseReadingTime(value: unknown, now = Date.now()): number | { reason: string } {
  let ms: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { reason: 'ts is not a finite number' };
    ms = Math.abs(value) < 1e11 ? value * 1000 : value;
  } else if (typeof value === 'string') {
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return { reason: `ts "${value.slice(0, 40)}" is not ISO 8601` };
    // Strict: Date.parse would store 2026-02-30 as 2 March.
    const parsed = parseIsoDateTime(value);
    if (typeof parsed !== 'number') return { reason: `ts "${value.slice(0, 40)}": ${parsed.reason}` };
    ms = parsed;
  } else {
    return { reason: 'ts must be epoch milliseconds or ISO 8601 text' };
  }
  if (ms < EARLIEST_READING) return { reason: 'ts is before 2000-01-01' };
  if (ms > now + FUTURE_SKEW_MS) return { reason: 'ts is more than 5 minutes in the future' };
  return Math.round(ms);
}
