// What a share-pie widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const sharePieOptions = z.object({
  scope: z.enum(['department', 'subitem']).default('department'),
  /** Slices from the ranking when no ids are bound; the rest is one "Others" slice. */
  limit: z.number().int().min(1).max(50).default(6),
  showOthers: z.boolean().default(true),
  donut: z.boolean().default(true),
  /** Decimals of the percentages. */
  digits: z.number().int().min(0).max(3).default(1),
});
export type SharePieOptions = z.infer<typeof sharePieOptions>;
