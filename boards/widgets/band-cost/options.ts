// What a band-cost widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const BAND_COST_PERIODS = ['today', 'month'] as const;
export type BandCostPeriod = (typeof BAND_COST_PERIODS)[number];

export const bandCostOptions = z.object({
  /** Today (grain day) or this month so far (grain month), in the server's TIME_ZONE. */
  period: z.enum(BAND_COST_PERIODS).default('today'),
  /** Decimals of the energy figures (cost is always in minor units: 2 decimals). */
  digits: z.number().int().min(0).max(3).default(0),
  /** Shows each band's share of the energy beside its figures. */
  showShare: z.boolean().default(true),
});
export type BandCostOptions = z.infer<typeof bandCostOptions>;
