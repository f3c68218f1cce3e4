import { z } from 'zod';
import { defineWidget } from '../../widgetDescriptor';
import { ENERGY_STALE_AFTER_MS, energyScopeChannel } from '../../charts/energyBinding';

export const energyBarOptions = z.object({
  scope: z.enum(['department', 'subitem']).default('department'),
  /** Horizontal bars read long department names best; vertical suits a few short ones. */
  orientation: z.enum(['horizontal', 'vertical']).default('horizontal'),
  /** Bars from the ranking when no ids are bound. */
  limit: z.number().int().min(1).max(50).default(10),
  digits: z.number().int().min(0).max(6).default(1),
  showValues: z.boolean().default(true),
});
export type EnergyBarOptions = z.infer<typeof energyBarOptions>;

/** Bars of energy per bound department or sub-item over the window (binding grain and periods; default today). */
export const BAR_WINDOW = { grain: 'day', periods: 1 } as const;

export const energyBarWidget = defineWidget<EnergyBarOptions>({
  id: 'energy-bar',
  nameKey: 'chartWidgets.names.energy-bar',
  category: 'energy',
  version: 1,
  options: energyBarOptions,
  defaultSize: { w: 8, h: 6 },
  bindingFields: ['departmentIds', 'subitemIds', 'energyType', 'grain', 'periods'],
  channels: (binding, options) => [energyScopeChannel(binding, options.scope, options.limit, BAR_WINDOW)],
  staleAfterMs: ENERGY_STALE_AFTER_MS,
  load: () => import('./EnergyBarWidget'),
});
