import { withThousands } from '@shared/format';
import { minorText } from '@shared/tariffs/money';
import { BAND_COLOURS, type BandType } from '@shared/tariffs/bands';
import type { BandCostData } from './channel';

/** Symbols of the currencies tariffs are priced in; others are shown by their ISO code. */
const SYMBOLS: Readonly<Record<string, string>> = { CNY: '¥', USD: '$', EUR: '€', GBP: '£', HKD: 'HK$', JPY: '¥' };

const grouped = (whole: string): string => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Integer minor units → "¥1,234.56" (sign first); '–' when there is no price. */
export function moneyText(minor: number | null, currency: string | null): string {
  if (minor === null) return '–';
  const symbol = currency ? (SYMBOLS[currency] ?? `${currency} `) : '';
  const [whole = '0', cents = '00'] = minorText(Math.abs(minor)).split('.');
  return `${minor < 0 ? '-' : ''}${symbol}${grouped(whole)}.${cents}`;
}

/** A price in micro-units per unit → "¥1.2345/kWh": trailing zeros beyond 2 decimals dropped, never rounded. */
export function priceText(priceMicro: number, currency: string | null, unit: string): string {
  const symbol = currency ? (SYMBOLS[currency] ?? `${currency} `) : '';
  const whole = Math.floor(priceMicro / 1_000_000);
  const fraction = String(priceMicro % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${symbol}${grouped(String(whole))}.${fraction}${unit ? `/${unit}` : ''}`;
}

export interface BandCostRow {
  band: BandType;
  colour: string;
  energyText: string;
  costText: string;
  /** 0–1 of the total energy. */
  share: number;
  shareText: string;
  estimated: boolean;
}

/** The lines a band-cost tile shows, in band order, with their share of the energy (the stacked bar's widths). */
export function bandCostRows(data: BandCostData, digits: number): BandCostRow[] {
  const total = data.bands.reduce((sum, line) => sum + Math.max(0, line.energy), 0);
  return data.bands.map((line) => {
    const share = total > 0 ? Math.max(0, line.energy) / total : 0;
    return {
      band: line.band,
      colour: BAND_COLOURS[line.band],
      energyText: withThousands(line.energy, digits),
      costText: moneyText(line.costMinor, data.currency),
      share,
      shareText: `${(share * 100).toFixed(1)}%`,
      estimated: line.estimated > 0,
    };
  });
}
