// What a current-band widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const currentBandOptions = z.object({
  /** The price of the band now, per unit. */
  showPrice: z.boolean().default(true),
  /** The band that follows and a countdown to it. */
  showNext: z.boolean().default(true),
});
export type CurrentBandOptions = z.infer<typeof currentBandOptions>;
