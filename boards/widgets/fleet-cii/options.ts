// What a fleet-cii widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';
import { CII_FIRST_YEAR, CII_LAST_YEAR } from '@shared/ships/api';

export const fleetCiiOptions = z.object({
  /** The UTC year rated; null follows the current year (year to date). */
  year: z.number().int().min(CII_FIRST_YEAR).max(CII_LAST_YEAR).nullable().default(null),
  /** Ships listed, in the API's order (by name); the letter counts cover the whole fleet. */
  limit: z.number().int().min(1).max(20).default(8),
  /** The letters of the years before, as the trend. */
  showTrend: z.boolean().default(true),
  digits: z.number().int().min(0).max(3).default(2),
});
export type FleetCiiOptions = z.infer<typeof fleetCiiOptions>;
