import { defineWidget } from '../../widgetDescriptor';
import { ENERGY_STALE_AFTER_MS } from '../../charts/energyBinding';
import { energyPeriodsOptions, type EnergyPeriodsOptions } from './options';
import { periodWindow, periodsChannel } from './periodWindow';

/**
 * Energy per month (or day) of the bound departments, sub-items or meters, summed: a bar per period, beside it
 * the same period a year earlier (month grain), and the latest complete month's change against it.
 */
export const energyPeriodsWidget = defineWidget<EnergyPeriodsOptions>({
  id: 'energy-periods',
  nameKey: 'chartWidgets.names.energy-periods',
  category: 'energy',
  version: 1,
  options: energyPeriodsOptions,
  defaultSize: { w: 12, h: 8 },
  bindingFields: ['departmentIds', 'subitemIds', 'meterIds', 'energyType', 'grain', 'periods'],
  channels(binding, options) {
    const channel = periodsChannel(binding, periodWindow(binding, options.compareYearEarlier));
    return channel ? [channel] : [];
  },
  staleAfterMs: ENERGY_STALE_AFTER_MS,
  load: () => import('./EnergyPeriodsWidget'),
});
