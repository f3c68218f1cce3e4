/**
 * One fixed number of decimals with thousands separators: 64524.1 → "64,524.10" beside "373,887.69", so a
 * column's decimals line up (the shared withThousands trims trailing zeros). A figure that rounds to zero has no sign.
 */
export function fixedText(value: number, digits: number): string {
  if (!Number.isFinite(value)) return '–';
  const [whole, fraction] = Math.abs(value).toFixed(digits).split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = value < 0 && Number(Math.abs(value).toFixed(digits)) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Integer minor units → "1,234.56" (always two decimals: money). */
export function moneyText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A signed change of money: "+12.30" / "-4.00". */
export const moneyDelta = (minor: number): string => (minor > 0 ? `+${moneyText(minor)}` : moneyText(minor));

/** Energy for a table: thousands separators, always 2 decimals (the server keeps full precision). */
export const energyText = (value: number): string => fixedText(value, 2);

export function energyDelta(value: number): string {
  const text = energyText(value);
  return value > 0 && text !== '0.00' ? `+${text}` : text;
}

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
export const shareText = (share: number): string => `${fixedText(share * 100, 2)}%`;
