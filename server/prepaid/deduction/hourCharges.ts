import { minorUnits } from '@shared/tariffs/money';
import type { BandType } from '@shared/tariffs';
import type { EntryWrite } from '../ledger';
import type { TariffBook } from '../../tariffs/tariffBook';
import type { RoomMeterSpan } from '../roomMeters';

export const HOUR_MS = 3_600_000;
export const QUARTER_MS = 900_000;

/** An account's charging item as the deduction reads it. */
export interface ChargeItem {
  id: number;
  kind: string;
  energyType: string | null;
  tariffId: number | null;
  amountMinor: number;
  createdAt: number;
}

/** The energy of one item and band in one hour, and what it costs (positive, rounded once). */
export interface BandCharge {
  itemId: number;
  band: BandType;
  energyMilli: number;
  amountMinor: number;
}

/** One meter's 15-minute energy, by interval start. */
export type IntervalsByMeter = ReadonlyMap<number, ReadonlyMap<number, number>>;

/**
 * The energy charges of one room-hour: for each energy item, every 15-minute interval in the hour of the meters
 * of the item's energy type that fed the room at the interval's start (room_meters spans), put in the band of the
 * item's tariff at the interval's start (TariffBook.slotOf, the interval-start convention). Per item and band the
 * energy is summed per price slot in thousandths (rounded once per slot) and the money is
 * Σ energy_milli × price_micro / 1000 in micro-units, rounded ONCE, half away from zero, to minor units (minorUnits).
 * Energy no tariff slot covers (no version that day, a band without a price) is not charged: it stays unpriced
 * as on the settlement screens. Bands with no energy are left out.
 */
export function energyCharges(
  hourStart: number,
  items: readonly ChargeItem[],
  spans: readonly RoomMeterSpan[],
  intervals: IntervalsByMeter,
  book: TariffBook,
): BandCharge[] {
  const out: BandCharge[] = [];
  const hourEnd = hourStart + HOUR_MS;
  for (const item of items) {
    if (item.kind !== 'energy' || item.tariffId === null || item.energyType === null) continue;
    // band → slot (version|season) → energy
    const byBand = new Map<BandType, Map<number, { energy: number; priceMicro: number }>>();
    for (const span of spans) {
      if (span.energyType !== item.energyType) continue;
      const meter = intervals.get(span.meterId);
      if (!meter) continue;
      const from = Math.max(hourStart, span.fromTs);
      const to = Math.min(hourEnd, span.toTs ?? hourEnd);
      for (let start = hourStart; start < hourEnd; start += QUARTER_MS) {
        if (start < from || start >= to) continue;
        const energy = meter.get(start);
        if (energy === undefined || energy === 0) continue;
        const slot = book.slotOf(item.tariffId, start);
        if (!slot) continue;
        const price = book.priceMicro(slot);
        if (price === null) continue;
        let slots = byBand.get(slot.band);
        if (!slots) byBand.set(slot.band, (slots = new Map()));
        const key = slot.versionId * 100 + slot.season;
        const part = slots.get(key);
        if (part) part.energy += energy;
        else slots.set(key, { energy, priceMicro: price });
      }
    }
    for (const [band, slots] of byBand) {
      let energyMilli = 0;
      let costMicroTimes1000 = 0;
      for (const part of slots.values()) {
        const milli = Math.round(part.energy * 1000);
        energyMilli += milli;
        costMicroTimes1000 += milli * part.priceMicro;
      }
      if (energyMilli === 0) continue;
      out.push({ itemId: item.id, band, energyMilli, amountMinor: minorUnits(costMicroTimes1000 / 1000) });
    }
  }
  return out;
}

/** Which fixed fees fall due at an hour: daily ones at the first hour of a local day, monthly ones at the first of a month. */
export interface HourStarts {
  day: string;
  month: string;
  dayStarts: boolean;
  monthStarts: boolean;
}

export const chargeKey = (accountId: number, hourStart: number, itemId: number, band: string): string => `charge:${accountId}:${hourStart}:${itemId}:${band}`;
export const adjustKey = (accountId: number, hourStart: number, itemId: number, band: string, n: number): string =>
  `adjust:${accountId}:${hourStart}:${itemId}:${band}:${n}`;
export const feeKey = (accountId: number, itemId: number, period: string): string => `fee:${accountId}:${itemId}:${period}`;

/** The ledger entries of one room-hour: the energy charges per item and band, then the fixed fees due at that hour. */
export function hourEntries(
  accountId: number,
  hourStart: number,
  items: readonly ChargeItem[],
  charges: readonly BandCharge[],
  starts: HourStarts,
): EntryWrite[] {
  const entries: EntryWrite[] = charges.map((charge) => ({
    kind: 'charge',
    amountMinor: -charge.amountMinor,
    idemKey: chargeKey(accountId, hourStart, charge.itemId, charge.band),
    operator: 'system',
    hourStart,
    itemId: charge.itemId,
    band: charge.band,
    energyMilli: charge.energyMilli,
  }));
  for (const item of items) {
    const due = (item.kind === 'fixed_daily' && starts.dayStarts) || (item.kind === 'fixed_monthly' && starts.monthStarts);
    if (!due || item.amountMinor <= 0) continue;
    entries.push({
      kind: 'fee',
      amountMinor: -item.amountMinor,
      idemKey: feeKey(accountId, item.id, item.kind === 'fixed_daily' ? starts.day : starts.month),
      operator: 'system',
      hourStart,
      itemId: item.id,
    });
  }
  return entries;
}

/** The items an hour is charged for: active now and created before the hour ended. */
export const itemsOfHour = (items: readonly ChargeItem[], hourStart: number): ChargeItem[] => items.filter((item) => item.createdAt < hourStart + HOUR_MS);
