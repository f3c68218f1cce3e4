/**
 * Energy on the completion screens (gaps, history, the Complete dialog's before/after): always 3 decimals with
 * thousands separators and the unit, so "4.140 kWh" stands beside "20.351 kWh" (the shared formatQuantity trims
 * trailing zeros). A figure that rounds to zero has no sign.
 */
export function energyText(value: number, unit: string): string {
  if (!Number.isFinite(value)) return '–';
  const [whole, fraction] = Math.abs(value).toFixed(3).split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = value < 0 && Number(Math.abs(value).toFixed(3)) !== 0;
  return `${negative ? '-' : ''}${grouped}.${fraction ?? '000'}${unit ? ` ${unit}` : ''}`;
}
