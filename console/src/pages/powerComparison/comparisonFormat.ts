/** Figures of the comparison with a fixed number of decimals and "," thousands, whatever the browser's locale. */
export function fixedText(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return '–';
  const [whole, fraction] = Math.abs(value).toFixed(digits).split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = value < 0 && Number(Math.abs(value).toFixed(digits)) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** kWh: "1,234.50"; no figure: "–". */
export const kwhText = (value: number | null): string => (value === null ? '–' : fixedText(value));

/** A difference or share with its sign: "+4.00", "-11.33", "0.00". */
export const signedText = (value: number | null, digits = 2): string => {
  if (value === null) return '–';
  const text = fixedText(value, digits);
  return value > 0 && Number(text.replace(/,/g, '')) !== 0 ? `+${text}` : text;
};
