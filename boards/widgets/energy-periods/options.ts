// What an energy-periods widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const energyPeriodsOptions = z.object({
  /** A second, muted bar per period: the same period a year earlier (month grain; see periodWindow.ts). */
  compareYearEarlier: z.boolean().default(true),
});
export type EnergyPeriodsOptions = z.infer<typeof energyPeriodsOptions>;
