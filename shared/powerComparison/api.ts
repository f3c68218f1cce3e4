import { z } from 'zod';
import { calendarDay } from '../schemas/shifts';

/**
 * Imported against metered (/power-comparison/power-data-comparison). One contract for the server's validation and
 * the console's calls.
 *
 * GET /api/power-comparison?objectType&objectId&grain&from&to   (read: the screen's menu permission)
 * GET /api/power-comparison/latest                              (read: the same; the newest import, where the screen opens)
 * GET /api/power-comparison/tolerances                          (read: the same)
 * PUT /api/power-comparison/tolerances {objectType, objectId, tolerancePercent | null}  (the screen's edit button)
 *
 * A period's figures are kWh of electricity. Difference = imported − metered; percent = difference / metered × 100.
 * A period is judged when imported rows cover all of it; it is flagged when |percent| > tolerance, or when metered
 * is 0 and imported is more than 0.
 */
export const COMPARISON_SCREEN = '/power-comparison/power-data-comparison';

/** The platform default tolerance: 5 % of the metered figure, in basis points. */
export const DEFAULT_TOLERANCE_BP = 500;

export const COMPARISON_OBJECT_TYPES = ['meter', 'department'] as const;
export type ComparisonObjectType = (typeof COMPARISON_OBJECT_TYPES)[number];
export const COMPARISON_GRAINS = ['hour', 'day', 'month'] as const;
export type ComparisonGrain = (typeof COMPARISON_GRAINS)[number];

/** Longest range per grain, in local days (hour: a month of hours, day: a year of days, month: three years). */
export const COMPARISON_MAX_DAYS: Readonly<Record<ComparisonGrain, number>> = { hour: 31, day: 366, month: 1096 };

const objectTypeSchema = z.enum(COMPARISON_OBJECT_TYPES, { error: 'objectType must be meter or department' });
const objectIdSchema = z.coerce
  .number({ error: 'objectId must be a meter or department id' })
  .int('objectId must be a whole number')
  .positive('objectId must be a meter or department id');

export const comparisonQuerySchema = z.object({
  objectType: objectTypeSchema,
  objectId: objectIdSchema,
  grain: z.enum(COMPARISON_GRAINS, { error: 'grain must be hour, day or month' }),
  /** first local day (a month grain starts at its month) */
  from: calendarDay,
  /** last local day, included (a month grain runs to the end of its month) */
  to: calendarDay,
});
export type ComparisonQuery = z.input<typeof comparisonQuerySchema>;

/** Tolerance in percent of the metered figure: more than 0, at most 100, at most two decimals. */
export const tolerancePercentSchema = z
  .number({ error: 'tolerancePercent must be a number of percent such as 5' })
  .gt(0, 'tolerancePercent must be more than 0')
  .max(100, 'tolerancePercent must be at most 100')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'tolerancePercent has at most two decimals');

export const toleranceBodySchema = z.object({
  objectType: objectTypeSchema,
  objectId: objectIdSchema,
  /** null: back to the platform default */
  tolerancePercent: tolerancePercentSchema.nullable(),
});
export type ToleranceBody = z.input<typeof toleranceBodySchema>;

export interface ComparisonObject {
  type: ComparisonObjectType;
  id: number;
  code: string | null;
  name: string;
}

/** One period of the comparison. Figures unrounded (the screen rounds for display). */
export interface ComparisonPeriod {
  /** rollup key: hour = epoch ms of the local hour start as text, day YYYY-MM-DD, month YYYY-MM */
  period: string;
  /** how people read it in TIME_ZONE: `2026-03-04 08:00`, `2026-03-04`, `2026-03` */
  label: string;
  from: number;
  to: number;
  /** null: nothing imported overlaps the period */
  imported: number | null;
  metered: number;
  /** imported − metered; null without imported data */
  difference: number | null;
  /** difference / metered × 100; null without imported data or when metered is 0 */
  percent: number | null;
  /** share of the period's time the imported rows cover, 0..1 */
  coverage: number;
  /** imported rows cover the whole period, so it is judged */
  judged: boolean;
  flagged: boolean;
}

export interface ComparisonTotals {
  /** over the judged periods (imported rows cover them wholly) */
  imported: number;
  metered: number;
  difference: number;
  percent: number | null;
  periodsJudged: number;
  flagged: number;
}

export interface ComparisonAnswer {
  object: ComparisonObject;
  grain: ComparisonGrain;
  unit: 'kWh';
  timeZone: string;
  tolerancePercent: number;
  /** default: the platform's 5 %; object: this object's own */
  toleranceSource: 'default' | 'object';
  periods: ComparisonPeriod[];
  totals: ComparisonTotals;
}

/** One object's own tolerance (GET /tolerances lists them; PUT answers the one written, or null when reset). */
export interface ComparisonTolerance {
  objectType: ComparisonObjectType;
  objectId: number;
  code: string | null;
  name: string;
  tolerancePercent: number;
  updatedBy: string;
  updatedAt: number;
}

export interface ToleranceList {
  defaultPercent: number;
  overrides: ComparisonTolerance[];
}

export const bpToPercent = (bp: number): number => bp / 100;
export const percentToBp = (percent: number): number => Math.round(percent * 100);

/** GET /api/power-comparison/latest: where the screen opens, the newest power import's object and days (null: none). */
export interface LatestImported {
  objectType: ComparisonObjectType;
  objectId: number;
  grain: 'day' | 'month';
  from: string;
  to: string;
}
