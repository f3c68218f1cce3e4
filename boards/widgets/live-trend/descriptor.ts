import { z } from 'zod';
import { METER_DIRECTORY_CHANNEL } from '@shared/board/channels';
import { meterLatestChannel } from '@shared/schemas/alarms';
import { defineWidget } from '../../widgetDescriptor';

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

/**
 * Lines of one metric (binding.metric, default kw) for up to 12 meters over the last N minutes, from their
 * live values. With more than one meter the legend names them from the meter directory.
 */
export const liveTrendWidget = defineWidget<LiveTrendOptions>({
  id: 'live-trend',
  nameKey: 'chartWidgets.names.live-trend',
  category: 'charts',
  version: 1,
  options: liveTrendOptions,
  defaultSize: { w: 8, h: 6 },
  // The renderer reads the metric from each meter's latest values.
  bindingFields: ['meterIds', 'metric'],
  channels(binding) {
    const meters = trendMeters(binding.meterIds);
    const live = meters.map(meterLatestChannel);
    return meters.length > 1 ? [...live, METER_DIRECTORY_CHANNEL] : live;
  },
  load: () => import('./LiveTrendWidget'),
});
