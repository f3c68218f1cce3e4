import { METER_DIRECTORY_CHANNEL } from '@shared/board/channels';
import { meterLatestChannel } from '@shared/schemas/alarms';
import { defineWidget } from '../../widgetDescriptor';
import { liveTrendOptions, trendMeters, type LiveTrendOptions } from './options';

/**
 * Lines of one metric (binding.metric, default kw) for up to 12 meters over the last N minutes: the stored
 * window first (the renderer watches meter:<id>:recent:…, see boards/charts/useRecentHistory), then their live
 * values. With more than one meter the legend names them from the meter directory.
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
