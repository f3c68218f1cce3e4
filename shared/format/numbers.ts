/** Spec §9: abbreviate at powers of 1000 with k, M, G, T, P, E; thousands separators in display. */
const SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/** 1234567 → "1.23M"; below 1000 the number itself with at most `digits` decimals. */
export function abbreviateNumber(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return '–';
  let scaled = Math.abs(value);
  let tier = 0;
  while (scaled >= 1000 && tier < SUFFIXES.length - 1) {
    scaled /= 1000;
    tier += 1;
  }
  const text = Number(scaled.toFixed(digits)).toString();
  return `${value < 0 ? '-' : ''}${text}${SUFFIXES[tier]}`;
}

/** 1234567.891 → "1,234,567.89". */
export function withThousands(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return '–';
  const [whole, fraction] = Math.abs(value).toFixed(digits).split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = fraction?.replace(/0+$/, '');
  return `${value < 0 ? '-' : ''}${grouped}${trimmed ? `.${trimmed}` : ''}`;
}

/** A figure with its unit for tables and cards: "12,345.6 kWh". */
export const formatQuantity = (value: number, unit: string, digits = 2): string => `${withThousands(value, digits)}${unit ? ` ${unit}` : ''}`;
