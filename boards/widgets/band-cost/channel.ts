import type { BandType } from '@shared/tariffs/bands';
import type { BandCostPeriod } from './options';

/**
 * `tariff:bands:<scope>:<id|top>:<energyType>:<today|month>`: energy and cost per time-of-use band of one
 * department or meter (`top`: the caller's top-level departments together, the whole site) for today or this
 * month so far. Served by server/modules/wallTariff (the same band figures as GET /api/band-figures),
 * recomputed every minute. Pure: the server imports this builder and parser, so the names never disagree.
 */
export interface BandCostQuery {
  scope: 'department' | 'meter';
  /** null: the top-level departments of the caller's tree (scope department only). */
  id: number | null;
  energyType: string;
  period: BandCostPeriod;
}

export interface BandCostLine {
  band: BandType;
  energy: number;
  /** The part of `energy` that is estimated (completed gaps). */
  estimated: number;
  /** Σ energy × price of the band's price slots, rounded once to minor units; null when no price applies. */
  costMinor: number | null;
}

export interface BandCostData {
  computedAt: number;
  /** The local period shown: YYYY-MM-DD (today) or YYYY-MM (month). */
  periodKey: string;
  /** The department's or meter's name; '' for the whole site. */
  scopeName: string;
  unit: string;
  /** ISO 4217 of the tariffs that priced it (CNY); null when nothing was priced. */
  currency: string | null;
  /** One line per band with energy, in BAND_TYPES order (sharp first). */
  bands: BandCostLine[];
  totalEnergy: number;
  totalCostMinor: number | null;
}

const WORD = /^[a-z][a-z0-9_-]{0,31}$/;
const PERIODS: readonly string[] = ['today', 'month'];

export function bandCostChannel(query: BandCostQuery): string {
  return `tariff:bands:${query.scope}:${query.id ?? 'top'}:${query.energyType}:${query.period}`;
}

export function parseBandCostChannel(channel: string): BandCostQuery | null {
  const parts = channel.split(':');
  if (parts.length !== 6 || parts[0] !== 'tariff' || parts[1] !== 'bands') return null;
  const [, , scope = '', idText = '', energyType = '', period = ''] = parts;
  if (scope !== 'department' && scope !== 'meter') return null;
  const id = idText === 'top' ? null : /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : undefined;
  if (id === undefined || (id === null && scope === 'meter')) return null;
  if (!WORD.test(energyType) || !PERIODS.includes(period)) return null;
  return { scope, id, energyType, period: period as BandCostPeriod };
}
