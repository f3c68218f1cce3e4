// What a energy-sankey widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const energySankeyOptions = z.object({
  orient: z.enum(['horizontal', 'vertical']).default('horizontal'),
  /** Decimals of the figures on the nodes. */
  digits: z.number().int().min(0).max(6).default(0),
});
export type EnergySankeyOptions = z.infer<typeof energySankeyOptions>;
