// What a kpi widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const kpiOptions = z.object({
  /** Decimals of the figure and of the trend's change. */
  digits: z.number().int().min(0).max(6).default(1),
  /** Printed after the figure; empty: the metric's catalogue unit (kW for kw). */
  unit: z.string().max(16).default(''),
  /** The trend compares the newest value with the value this many minutes before it; the sparkline spans the same window. */
  trendMinutes: z.number().int().min(1).max(240).default(15),
  sparkline: z.boolean().default(true),
  /** Samples the sparkline keeps over the window (the ring buffer's bound). */
  sparklinePoints: z.number().int().min(10).max(600).default(90),
  /** Also shows the meter's energy so far today (energy series, grain day). */
  showToday: z.boolean().default(false),
});
export type KpiOptions = z.infer<typeof kpiOptions>;
