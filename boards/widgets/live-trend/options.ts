// What a live-trend widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

/** Lines one trend draws at most: more is unreadable on a wall, and each holds a ring buffer. */
export const MAX_TREND_METERS = 12;

export const liveTrendOptions = z.object({
  /** The window the chart shows, ending at the newest reading. */
  minutes: z.number().int().min(1).max(1440).default(15),
  /** Points kept per meter over the window (the ring buffer's bound); readings closer together are thinned. */
  maxPoints: z.number().int().min(10).max(2000).default(300),
  area: z.boolean().default(false),
  smooth: z.boolean().default(false),
  digits: z.number().int().min(0).max(6).default(1),
  /** Empty: the metric's catalogue unit. */
  unit: z.string().max(16).default(''),
});
export type LiveTrendOptions = z.infer<typeof liveTrendOptions>;

export const trendMeters = (meterIds: readonly number[] | undefined): number[] => [...new Set(meterIds ?? [])].slice(0, MAX_TREND_METERS);
