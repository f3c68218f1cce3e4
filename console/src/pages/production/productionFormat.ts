/**
 * Figures of the production screens with a fixed number of decimals and "," thousands whatever the browser's
 * locale: energy 2, SEC 3 (a few kWh per unit needs the third), kgce 3, percentages 1, money per unit 4.
 */
export function fixedText(value: number | null | undefined, digits: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const [whole, fraction] = Math.abs(value).toFixed(digits).split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = value < 0 && Number(Math.abs(value).toFixed(digits)) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

export const energyText = (value: number | null | undefined): string => fixedText(value, 2);
export const secText = (value: number | null | undefined): string => fixedText(value, 3);

/** "+12.5 %" over target, "-3.0 %" under it. */
export function percentText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const text = fixedText(value, 1);
  return `${value > 0 && text !== '0.0' ? '+' : ''}${text} %`;
}

/** Integer minor units → "12,345.60" (2 decimals, no currency sign). */
export const moneyText = (minor: number): string => fixedText(minor / 100, 2);

/** Minor units per unit (a fraction of a fen is usual) → major units with 4 decimals: 12.5 → "0.1250". */
export const unitMoneyText = (minor: number | null): string => (minor === null ? '–' : fixedText(minor / 100, 4));
