// What a shift-energy widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const shiftEnergyOptions = z.object({
  /** Finished shifts shown before the current one. */
  previous: z.number().int().min(1).max(12).default(6),
  digits: z.number().int().min(0).max(3).default(0),
  /** Shows each shift's cost under its energy. */
  showCost: z.boolean().default(true),
});
export type ShiftEnergyOptions = z.infer<typeof shiftEnergyOptions>;
