import { energyChannel } from '@shared/board/channels';
import { meterLatestChannel } from '@shared/schemas/alarms';
import { defineWidget } from '../../widgetDescriptor';
import { DEFAULT_ENERGY_TYPE } from '../../charts/energyBinding';
import { kpiOptions, type KpiOptions } from './options';

/**
 * A big figure of one meter metric (binding.meterIds[0], binding.metric, default kw) with its trend and sparkline;
 * both start with the stored window (the renderer watches meter:<id>:recent:…, see boards/charts/useRecentHistory).
 */
export const kpiWidget = defineWidget<KpiOptions>({
  id: 'kpi',
  nameKey: 'chartWidgets.names.kpi',
  category: 'figures',
  version: 1,
  options: kpiOptions,
  defaultSize: { w: 4, h: 4 },
  // meterIds[0]; the metric is read by the renderer; energyType for "today" (showToday).
  bindingFields: ['meterIds', 'metric', 'energyType'],
  channels(binding, options) {
    const meterId = binding.meterIds?.[0];
    if (meterId === undefined) return [];
    const today = energyChannel({
      kind: 'series',
      scope: 'meter',
      ids: [meterId],
      energyType: binding.energyType ?? DEFAULT_ENERGY_TYPE,
      grain: 'day',
      periods: 1,
    });
    return options.showToday ? [meterLatestChannel(meterId), today] : [meterLatestChannel(meterId)];
  },
  load: () => import('./KpiWidget'),
});
