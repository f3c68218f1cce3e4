// What a prepaid-overview widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const prepaidOverviewOptions = z.object({
  /** Shows today's paid top-ups (amount and count) under the states. */
  showTopups: z.boolean().default(true),
  /** Leaves out the states no room is in. */
  hideEmpty: z.boolean().default(false),
});
export type PrepaidOverviewOptions = z.infer<typeof prepaidOverviewOptions>;
