/**
 * Raw readings keep the register and the rate as integers in thousandths of their unit (kWh → Wh,
 * kW → W, m³ → litres): SQLite stores such an integer in 1–6 bytes where a REAL always takes 8, and
 * 0.001 of the unit is finer than any meter's display. Every writer and reader of those columns
 * converts here, so the scale lives in one place.
 */
export const MILLI_PER_UNIT = 1000;

/** The largest magnitude whose thousandths are still an exact integer in a JavaScript number, as text: "9007199254740.991". */
export const MAX_SCALED_TEXT = `${Math.floor(Number.MAX_SAFE_INTEGER / MILLI_PER_UNIT)}.${Number.MAX_SAFE_INTEGER % MILLI_PER_UNIT}`;

declare const milliBrand: unique symbol;
/** A value in thousandths of its metric's unit, as stored in `readings.register_milli` / `rate_milli`: only `toMilli` makes one. */
export type Milli = number & { readonly [milliBrand]: true };

/** Rounds to the stored resolution (0.001 of the unit). Callers validate the range first (`fitsMilli`). */
export function toMilli(value: number): Milli {
  return Math.round(value * MILLI_PER_UNIT) as Milli;
}

export function fromMilli(milli: number): number {
  return milli / MILLI_PER_UNIT;
}

/** Whether `value` in thousandths is a safe integer (|value × 1000| ≤ Number.MAX_SAFE_INTEGER). */
export function fitsMilli(value: number): boolean {
  return Number.isSafeInteger(Math.round(value * MILLI_PER_UNIT));
}
