import { withThousands } from '@shared/format';

/** Integer minor units → "1,234.56" (always two decimals: money). */
export function moneyText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A signed change of money: "+12.30" / "-4.00". */
export const moneyDelta = (minor: number): string => (minor > 0 ? `+${moneyText(minor)}` : moneyText(minor));

/** Energy for a table: thousands separators, at most 2 decimals (the server keeps full precision). */
export const energyText = (value: number): string => withThousands(value, 2);

export const energyDelta = (value: number): string => (value > 0 ? `+${energyText(value)}` : energyText(value));

/** Micro-units → the price as tariffs write it, "0.612345" with trailing zeros trimmed to at least 2 decimals. */
export function priceText(micro: number | null): string {
  if (micro === null) return '–';
  const whole = Math.floor(micro / 1_000_000);
  const fraction = String(micro % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** 0.3333 → "33.33%". */
export const shareText = (share: number): string => `${withThousands(share * 100, 2)}%`;
