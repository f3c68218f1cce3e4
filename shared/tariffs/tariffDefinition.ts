import { z } from 'zod';
import { BAND_TYPES, DAY_TYPES, type BandType, type DayType } from './bands';

/**
 * The body of a tariff version: one price per band (seasons may override some), seasons that own months and a
 * band layout per day type, and optional monthly tiered blocks. Band edges fall on the quarter hour, so every
 * stored 15-minute interval lies in exactly one band (README: interval-start convention).
 *
 * This file is the shape only; the tiling, month and ratio rules with their messages are in tariffRules.ts.
 */

/** A price per unit as a decimal string with at most 6 decimals ("0.612345"): never a float on the wire. */
export const priceText = z.string().regex(/^\d{1,6}(\.\d{1,6})?$/, 'Enter a price with at most 6 decimals');

/** HH:MM on the quarter hour, 00:00–24:00 */
export const quarterTime = z.string().regex(/^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/, 'Enter a time on the quarter hour (HH:MM)');

export const bandSpanSchema = z.object({
  from: quarterTime,
  to: quarterTime,
  band: z.enum(BAND_TYPES),
});
export type BandSpan = z.infer<typeof bandSpanSchema>;

export const bandPricesSchema = z.partialRecord(z.enum(BAND_TYPES), priceText);
export type BandPrices = z.infer<typeof bandPricesSchema>;

export const seasonSchema = z.object({
  name: z.string().trim().min(1).max(40),
  /** 1–12 */
  months: z.array(z.number().int().min(1).max(12)).min(1),
  /** workday is required; weekend falls back to workday, holiday to weekend, special to workday */
  layouts: z.object({
    workday: z.array(bandSpanSchema).min(1),
    weekend: z.array(bandSpanSchema).min(1).optional(),
    holiday: z.array(bandSpanSchema).min(1).optional(),
    special: z.array(bandSpanSchema).min(1).optional(),
  }),
  /** prices that differ in this season (e.g. a summer sharp price) */
  prices: bandPricesSchema.optional(),
});
export type Season = z.infer<typeof seasonSchema>;

/** From `fromUnits` of the month's cumulative consumption on, `adder` is added to every unit's band price. */
export const tierSchema = z.object({
  fromUnits: z.number().positive(),
  adder: priceText,
});
export type Tier = z.infer<typeof tierSchema>;

export const tariffDefinitionSchema = z.object({
  prices: bandPricesSchema,
  seasons: z.array(seasonSchema).min(1).max(12),
  tiers: z.array(tierSchema).max(10).default([]),
});
export type TariffDefinition = z.infer<typeof tariffDefinitionSchema>;

/** Layout for a day type, with the documented fallbacks. */
export function layoutFor(season: Season, dayType: DayType): BandSpan[] {
  const { workday, weekend, holiday, special } = season.layouts;
  if (dayType === 'weekend') return weekend ?? workday;
  if (dayType === 'holiday') return holiday ?? weekend ?? workday;
  if (dayType === 'special') return special ?? workday;
  return workday;
}

/** Minutes after local midnight of an HH:MM time. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Price of a band in a season in micro-units (1 yuan = 1,000,000), exact from the decimal text; null if unpriced. */
export function priceMicro(definition: TariffDefinition, seasonIndex: number, band: BandType): number | null {
  const text = definition.seasons[seasonIndex]?.prices?.[band] ?? definition.prices[band];
  return text === undefined ? null : microOf(text);
}

/** "0.612345" → 612345 without floating-point: integer and fraction parsed apart. */
export function microOf(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
}

export const DAY_TYPE_VALUES: readonly DayType[] = DAY_TYPES;
