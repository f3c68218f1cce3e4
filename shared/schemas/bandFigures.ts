import { z } from 'zod';
import { ENERGY_TYPES } from '../resources/meters';
import { BAND_TYPES, type BandType } from '../tariffs/bands';
import { ROLLUP_GRAINS, ROLLUP_SCOPES, type RollupGrain, type RollupScope } from './energy';

/**
 * GET /api/band-figures: energy and cost per price slot (tariff version × season × band) of meters,
 * departments or sub-items, per hour, day or month. Period keys as the energy rollups: hour = local hour
 * start (epoch ms as text), day `YYYY-MM-DD`, month `YYYY-MM`, both ends inclusive.
 */
const PERIOD_FORMATS: Record<RollupGrain, { pattern: RegExp; message: string }> = {
  hour: { pattern: /^\d{13}$/, message: 'must be an hour start as epoch milliseconds (13 digits)' },
  day: { pattern: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, message: 'must be a day YYYY-MM-DD' },
  month: { pattern: /^\d{4}-(0[1-9]|1[0-2])$/, message: 'must be a month YYYY-MM' },
};

const ids = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(z.coerce.number().int().positive('must be positive ids separated by commas')).min(1).max(500),
);

export const bandFiguresQuerySchema = z
  .object({
    scope: z.enum(ROLLUP_SCOPES),
    ids: ids.optional(),
    energyType: z.enum(ENERGY_TYPES).optional(),
    grain: z.enum(ROLLUP_GRAINS),
    from: z.string().max(20),
    to: z.string().max(20),
  })
  .superRefine((query, context) => {
    const format = PERIOD_FORMATS[query.grain];
    for (const field of ['from', 'to'] as const) {
      if (!format.pattern.test(query[field]))
        context.addIssue({ code: 'custom', path: [field], message: `${field} ${format.message} for grain ${query.grain}` });
    }
    if (format.pattern.test(query.from) && format.pattern.test(query.to) && query.to < query.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    }
  });
export type BandFiguresQuery = z.infer<typeof bandFiguresQuerySchema>;

/** One row: a scope's energy in one period and price slot, priced with that slot's price. */
export interface BandFigureRow {
  scopeId: number;
  scope: RollupScope;
  energyType: string;
  period: string;
  versionId: number;
  tariffId: number | null;
  season: number;
  band: BandType;
  energy: number;
  /** the part of `energy` that is estimated (completed gaps) */
  estimated: number;
  /** price per unit in micro-units (1 yuan = 1,000,000); null: the version or its price is gone */
  priceMicro: number | null;
  /** energy × price, unrounded micro-units */
  costMicro: number;
  /** costMicro rounded once to integer minor units (fen, cents) */
  costMinor: number;
}

export { BAND_TYPES };
