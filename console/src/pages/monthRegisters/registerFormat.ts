/**
 * Figures of the month register screen, each kind with one fixed number of decimals so a column lines up
 * ("17,531.20" beside "373,887.69"; the shared withThousands trims trailing zeros): registers 3, energy 2.
 */
export function fixedText(value: number, digits: number): string {
  if (!Number.isFinite(value)) return '–';
  const [whole, fraction] = Math.abs(value).toFixed(digits).split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = value < 0 && Number(Math.abs(value).toFixed(digits)) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A register reading: 3 decimals, thousands grouped; "—" when there is none. */
export const registerText = (value: number | null): string => (value === null ? '—' : fixedText(value, 3));

/** Energy (register difference, counted energy, a band's energy): 2 decimals; "—" when there is none. */
export const energyText = (value: number | null): string => (value === null ? '—' : fixedText(value, 2));
