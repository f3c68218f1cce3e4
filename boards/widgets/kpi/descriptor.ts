import { z } from 'zod';
import { energyChannel } from '@shared/board/channels';
import { meterLatestChannel } from '@shared/schemas/alarms';
import { defineWidget } from '../../widgetDescriptor';
import { DEFAULT_ENERGY_TYPE } from '../../charts/energyBinding';

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

/** A big figure of one meter metric (binding.meterIds[0], binding.metric, default kw) with its trend and sparkline. */
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
    const today = energyChannel({ kind: 'series', scope: 'meter', ids: [meterId], energyType: binding.energyType ?? DEFAULT_ENERGY_TYPE, grain: 'day', periods: 1 });
    return options.showToday ? [meterLatestChannel(meterId), today] : [meterLatestChannel(meterId)];
  },
  load: () => import('./KpiWidget'),
});
