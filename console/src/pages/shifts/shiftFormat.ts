/**
 * Figures of the shift energy tab, each with a fixed number of decimals and "," thousands whatever the browser's
 * locale (as the settlement screens): energy 2, money (integer minor units) 2.
 */
export function fixedText(value: number, digits: number): string {
  if (!Number.isFinite(value)) return '–';
  const [whole, fraction] = Math.abs(value).toFixed(digits).split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = value < 0 && Number(Math.abs(value).toFixed(digits)) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Energy of a shift: "1,234.50". */
export const energyText = (value: number): string => fixedText(value, 2);

/** Integer minor units → "12,345.60" (counted in integers, so no rounding error). */
export function moneyText(minor: number): string {
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minor < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
}
