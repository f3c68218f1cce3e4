// What a top-n widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';
import { RANKING_SCOPES } from './topNRows';

export const topNOptionsSchema = z.object({
  /** Rank departments (children of the bound department, or the top level) or sub-items. */
  scope: z.enum(RANKING_SCOPES).default('department'),
  limit: z.number().int().min(1, 'At least 1 row').max(50, 'At most 50 rows').default(10),
  showShare: z.boolean().default(true),
});
export type TopNOptions = z.output<typeof topNOptionsSchema>;
