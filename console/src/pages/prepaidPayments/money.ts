/**
 * Money on the prepaid screens: the server sends and takes integer minor units (fen, cents); people read and
 * type decimal text. Nothing here uses floating point on money: text is split into digits, minor units are
 * divided with integer arithmetic.
 */

/** 123456 → "1,234.56"; -5 → "-0.05". With a currency code: "CNY 1,234.56". */
export function minorText(minor: number, currency?: string): string {
  if (!Number.isSafeInteger(minor)) return '–';
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
  return currency ? `${currency} ${text}` : text;
}

/** A signed change: "+12.30", "-4.00", "0.00". */
export const minorDelta = (minor: number): string => (minor > 0 ? `+${minorText(minor)}` : minorText(minor));

/** What a typed amount may look like: digits, optional thousands commas, at most two decimals. */
const AMOUNT = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{0,2})?$/;

/**
 * Typed text → integer minor units: "100" → 10000, "100.5" → 10050, "1,000.05" → 100005, " 3. " → 300.
 * null for anything else (negative, letters, three decimals, empty), so the form can say what is wrong.
 */
export function parseMinor(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.replace(/,/g, '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Energy in milli-units (Wh of kWh, litres of m³) → the unit with 2 decimals: 12_345 → "12.35", 1_234_560 → "1,234.56". */
export const energyMilliText = (milli: number): string => minorText(Math.round(milli / 10));
