import { defineWidget } from '../../widgetDescriptor';
import { ENERGY_STALE_AFTER_MS, energyScopeChannel } from '../../charts/energyBinding';
import { energyBarOptions, type EnergyBarOptions } from './options';

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
