/**
 * Display-only rounding. Calculations keep full doubles end to end; call these only where a figure is shown.
 */
export function formatCii(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return value.toFixed(digits);
}

/** attained / required as a percentage for display: 0.9234 → "92.3 %". */
export function formatRatioPercent(ratio: number | null | undefined, digits = 1): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '–';
  return `${(ratio * 100).toFixed(digits)} %`;
}
