import type { BandType } from '@shared/tariffs/bands';

/**
 * `tariff:band-now:<departmentId|top>:<energyType>`: the time-of-use band a department is in now under the
 * tariff in force for it (its own assignment or the nearest up the tree), its price and the next change.
 * `top`: the caller's first top-level department. Served by server/modules/wallTariff, which also answers
 * GET /api/tariffs/current-band with the same object; recomputed every minute and at each change.
 */
export interface CurrentBandQuery {
  departmentId: number | null;
  energyType: string;
}

export interface CurrentBandData {
  computedAt: number;
  departmentId: number | null;
  departmentName: string;
  /** null: no tariff applies to this department and energy type (the tile says so). */
  tariffName: string | null;
  band: BandType | null;
  priceMicro: number | null;
  /** The price as its 6-decimal text from the version ("1.012300"). */
  priceText: string | null;
  currency: string | null;
  unit: string;
  /** The band after the next change, and when it comes (epoch ms; HH:MM in the server's TIME_ZONE). */
  nextBand: BandType | null;
  changesAt: number | null;
  changesAtText: string | null;
}

const WORD = /^[a-z][a-z0-9_-]{0,31}$/;

export function currentBandChannel(query: CurrentBandQuery): string {
  return `tariff:band-now:${query.departmentId ?? 'top'}:${query.energyType}`;
}

export function parseCurrentBandChannel(channel: string): CurrentBandQuery | null {
  const parts = channel.split(':');
  if (parts.length !== 4 || parts[0] !== 'tariff' || parts[1] !== 'band-now') return null;
  const [, , idText = '', energyType = ''] = parts;
  const departmentId = idText === 'top' ? null : /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : undefined;
  if (departmentId === undefined || !WORD.test(energyType)) return null;
  return { departmentId, energyType };
}
