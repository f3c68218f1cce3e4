/**
 * Money on the prepaid screens: the server sends and takes integer minor units (fen, cents); people read and
 * type decimal text. Nothing here uses floating point on money: text is split into digits, minor units are
 * divided with integer arithmetic.
 */

import { moneyText, parseMoneyInput } from '../prepaid/moneyInput';

/** 123456 → "1,234.56"; -5 → "-0.05". With a currency code: "CNY 1,234.56". */
export function minorText(minor: number, currency?: string): string {
  if (!Number.isSafeInteger(minor)) return '–';
  const text = moneyText(minor);
  return currency ? `${currency} ${text}` : text;
}

/** A signed change: "+12.30", "-4.00", "0.00". */
export const minorDelta = (minor: number): string => (minor > 0 ? `+${minorText(minor)}` : minorText(minor));

/**
 * Typed text → integer minor units: "100" → 10000, "100.5" → 10050, "1,000.05" → 100005, " 3. " → 300 (the
 * prepaid screens' parser). null for anything else (negative, letters, three decimals, empty).
 */
export function parseMinor(text: string): number | null {
  const parsed = parseMoneyInput(text);
  return parsed.ok ? parsed.minor : null;
}

/** Energy in milli-units (Wh of kWh, litres of m³) → the unit with 2 decimals: 12_345 → "12.35", 1_234_560 → "1,234.56". */
export const energyMilliText = (milli: number): string => minorText(Math.round(milli / 10));
