import { meterLatestChannel } from '@shared/schemas/alarms';
import { defineWidget } from '../../widgetDescriptor';
import { gaugeOptions, type GaugeOptions } from './options';

/** One meter metric (binding.meterIds[0], binding.metric, default kw) on a dial with warning and alarm bands. */
export const gaugeWidget = defineWidget<GaugeOptions>({
  id: 'gauge',
  nameKey: 'chartWidgets.names.gauge',
  category: 'figures',
  version: 1,
  options: gaugeOptions,
  defaultSize: { w: 4, h: 6 },
  // meterIds[0] names the channel; the renderer reads the metric.
  bindingFields: ['meterIds', 'metric'],
  channels: (binding) => (binding.meterIds?.[0] === undefined ? [] : [meterLatestChannel(binding.meterIds[0])]),
  load: () => import('./GaugeWidget'),
});
