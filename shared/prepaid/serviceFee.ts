/**
 * The service fee kept from a top-up: `amount × ratio_bp / 10 000`, rounded once, half up, to minor units
 * (10 000.00 at 250 bp → 250.00; 0.03 at 250 bp → 0.00075 → 0.00). The rest is credited.
 */
export function serviceFeeMinor(amountMinor: number, ratioBp: number): number {
  if (ratioBp <= 0 || amountMinor <= 0) return 0;
  return Math.floor((amountMinor * ratioBp + 5_000) / 10_000);
}
