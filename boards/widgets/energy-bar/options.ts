// What a energy-bar widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const energyBarOptions = z.object({
  scope: z.enum(['department', 'subitem']).default('department'),
  /** Horizontal bars read long department names best; vertical suits a few short ones. */
  orientation: z.enum(['horizontal', 'vertical']).default('horizontal'),
  /** Bars from the ranking when no ids are bound. */
  limit: z.number().int().min(1).max(50).default(10),
  digits: z.number().int().min(0).max(6).default(1),
  showValues: z.boolean().default(true),
});
export type EnergyBarOptions = z.infer<typeof energyBarOptions>;
