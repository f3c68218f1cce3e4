// What an idle-energy widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const idleEnergyOptions = z.object({
  /** Devices listed, most idle energy first; the total counts every device. */
  limit: z.number().int().min(1).max(20).default(8),
  digits: z.number().int().min(0).max(2).default(0),
});
export type IdleEnergyOptions = z.infer<typeof idleEnergyOptions>;
