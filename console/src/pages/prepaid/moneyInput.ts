/**
 * Money as people type it ↔ integer minor units (fen, cents) as the API takes it. Nothing here uses floats:
 * the text is split into its whole and fraction digits, so "0.1" + "0.2" never becomes 0.30000000000000004.
 */

/** Why a typed amount was refused: a catalogue key under `prepaid.money.` */
export type MoneyInputError = 'empty' | 'notNumber' | 'tooPrecise' | 'negative' | 'tooLarge';

export type MoneyParse = { ok: true; minor: number } | { ok: false; error: MoneyInputError };

/** Up to 10 000 000.00, as the server's schemas allow (shared/prepaid/schemas.ts). */
export const MAX_MONEY_MINOR = 1_000_000_000;

/**
 * "100.5" → 10050, "1,000.00" → 100000, "-3" → -300 when `signed`. Thousands separators are commas in groups of
 * three; at most two decimals ("0.005" is refused, not rounded: a person typing a third decimal made a mistake).
 */
export function parseMoneyInput(input: string, { signed = false }: { signed?: boolean } = {}): MoneyParse {
  const text = input.trim().replace(/\s+/g, '');
  if (text === '') return { ok: false, error: 'empty' };
  const match = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === undefined && !match[3])) return { ok: false, error: 'notNumber' };
  const [, sign, wholeText = '0', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, error: 'tooPrecise' };
  if (sign === '-' && !signed) return { ok: false, error: 'negative' };
  const whole = wholeText.replace(/,/g, '');
  if (whole.replace(/^0+/, '').length > 9) return { ok: false, error: 'tooLarge' };
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (minor > MAX_MONEY_MINOR) return { ok: false, error: 'tooLarge' };
  return { ok: true, minor: sign === '-' && minor !== 0 ? -minor : minor };
}

/** Integer minor units → "1,234.56" (two decimals, thousands grouped, "-" for debits). */
export function moneyText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const SYMBOLS: Readonly<Record<string, string>> = { CNY: '¥', USD: '$', EUR: '€', GBP: '£', JPY: '¥', HKD: 'HK$' };

/** With the account's currency: "¥1,234.56", "-¥3.00"; an unknown code is written before the figure ("CHF 12.00"). */
export function moneyWithCurrency(minor: number, currency: string): string {
  const text = moneyText(Math.abs(minor));
  const symbol = SYMBOLS[currency];
  const sign = minor < 0 ? '-' : '';
  return symbol ? `${sign}${symbol}${text}` : `${sign}${currency} ${text}`.trim();
}

/** Minor units back into the text a form field shows ("100.50"), without thousands separators. */
export const moneyInputText = (minor: number): string => moneyText(minor).replace(/,/g, '');

/** Basis points ↔ a percentage typed with up to two decimals: "2.5" → 250. */
export function parsePercentBp(input: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(input.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
export const percentText = (bp: number): string => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/** Energy in milli-units → "1,234.567" trimmed to what it has, at least 2 decimals. */
export function energyMilliText(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(milli));
  const whole = String(Math.floor(abs / 1000)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0$/, '');
  return `${sign}${whole}.${fraction}`;
}
