/**
 * Money is computed in micro-units (energy × price in millionths of the currency) without rounding, and
 * rounded once, half away from zero, to integer minor units (fen, cents) where a figure is shown or closed.
 */
export const MICRO_PER_MINOR = 10_000;

export function minorUnits(costMicro: number): number {
  const minor = costMicro / MICRO_PER_MINOR;
  // Guard against binary dust (x.4999999 meant as x.5) before rounding half away from zero.
  const nudged = Math.abs(minor) + 1e-9;
  return Math.sign(minor) * Math.floor(nudged + 0.5);
}

/** Integer minor units → "1,234.56"-free plain decimal text "1234.56" (2 decimals); formatting is the screen's job. */
export function minorText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
