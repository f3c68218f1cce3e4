import { metricDef } from './metrics';
import { fitsMilli, MAX_SCALED_TEXT } from './readingScale';
import { parseReadingTime } from './timestamp';

/** One meter's values at one instant, ready to store. */
export interface MeterReading {
  /** Position in the payload's `readings`, for reporting. */
  index: number;
  meter: string;
  ts: number;
  values: Record<string, number>;
}

export interface RejectedReading {
  /** Position in the payload's `readings`. */
  index: number;
  meter: string | null;
  reason: string;
}

export type UplinkParse = { ok: true; accepted: MeterReading[]; rejected: RejectedReading[] } | { ok: false; reason: string };

/** At most this many readings in one payload; a larger batch is refused whole (split it). */
export const MAX_READINGS_PER_PAYLOAD = 5_000;
/** What a meter code may be: also the pattern the published uplink schema states. */
export const METER_CODE = /^[\w.:-]{1,64}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a value cannot be stored, or null when it can. */
function valueProblem(code: string, value: unknown): string | null {
  const def = metricDef(code);
  if (!def) return `unknown metric "${code.slice(0, 32)}"`;
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${code} must be a finite number`;
  if (def.kind === 'register' && value < 0) return `${code} is a register and cannot be negative`;
  // Registers and rates are stored as integer thousandths of their unit; past this they would not be exact.
  if (!fitsMilli(value)) return value > 0 ? `${code} is too large (at most ${MAX_SCALED_TEXT})` : `${code} is too small (at least -${MAX_SCALED_TEXT})`;
  return null;
}

// Runs once per reading at up to ~80,000 readings/s: no closures or entry arrays per call.
function parseReading(item: unknown, index: number, batchTs: number | undefined, now: number): MeterReading | RejectedReading {
  if (!isRecord(item)) return { index, meter: null, reason: 'reading must be an object' };
  const meter = typeof item.meter === 'string' ? item.meter : null;
  if (meter === null || !METER_CODE.test(meter)) return { index, meter, reason: 'meter must be a meter code (1-64 letters, digits, _ . : -)' };
  let ts = batchTs;
  if (item.ts !== undefined) {
    const parsed = parseReadingTime(item.ts, now);
    if (typeof parsed !== 'number') return { index, meter, reason: parsed.reason };
    ts = parsed;
  }
  if (ts === undefined) return { index, meter, reason: 'ts is missing (on the reading and on the payload)' };
  const raw = item.values;
  if (!isRecord(raw)) return { index, meter, reason: 'values must be an object of metric codes to numbers' };
  const values: Record<string, number> = {};
  let count = 0;
  for (const code in raw) {
    if (!Object.prototype.hasOwnProperty.call(raw, code)) continue;
    const value = raw[code];
    const problem = valueProblem(code, value);
    if (problem !== null) return { index, meter, reason: problem };
    values[code] = value as number;
    count++;
  }
  if (count === 0) return { index, meter, reason: 'values is empty' };
  return { index, meter, ts, values };
}

/**
 * Validates an uplink payload `{ts, readings: [{meter, ts?, values}]}` item by item: a bad reading is
 * rejected with its reason and the rest are kept. Only a payload that is not one at all is refused whole.
 */
export function parseUplink(payload: unknown, now = Date.now()): UplinkParse {
  if (!isRecord(payload)) return { ok: false, reason: 'payload must be a JSON object' };
  if (!Array.isArray(payload.readings)) return { ok: false, reason: 'readings must be an array' };
  if (payload.readings.length > MAX_READINGS_PER_PAYLOAD) {
    return { ok: false, reason: `at most ${MAX_READINGS_PER_PAYLOAD} readings per payload, got ${payload.readings.length}` };
  }
  let batchTs: number | undefined;
  if (payload.ts !== undefined) {
    const parsed = parseReadingTime(payload.ts, now);
    if (typeof parsed !== 'number') return { ok: false, reason: parsed.reason };
    batchTs = parsed;
  }
  const accepted: MeterReading[] = [];
  const rejected: RejectedReading[] = [];
  payload.readings.forEach((item, index) => {
    const result = parseReading(item, index, batchTs, now);
    if ('reason' in result) rejected.push(result);
    else accepted.push(result);
  });
  return { ok: true, accepted, rejected };
}
