import { energyChannel } from '@shared/board/channels';
import { defineWidget } from '../../widgetDescriptor';
import { DEFAULT_ENERGY_TYPE, ENERGY_STALE_AFTER_MS, channelIds } from '../../charts/energyBinding';
import { MAX_CALENDAR_DAYS, energyCalendarOptions, type EnergyCalendarOptions } from './options';

/**
 * Daily energy of the bound departments (else sub-items, else meters), summed per day, as a calendar
 * heatmap over binding.periods days (default and at most 365). The grain is always day.
 */
export const energyCalendarWidget = defineWidget<EnergyCalendarOptions>({
  id: 'energy-calendar',
  nameKey: 'chartWidgets.names.energy-calendar',
  category: 'energy',
  version: 1,
  options: energyCalendarOptions,
  defaultSize: { w: 12, h: 5 },
  // Always daily: the grain is not offered.
  bindingFields: ['departmentIds', 'subitemIds', 'meterIds', 'energyType', 'periods'],
  channels(binding) {
    const periods = Math.min(binding.periods ?? MAX_CALENDAR_DAYS, MAX_CALENDAR_DAYS);
    const energyType = binding.energyType ?? DEFAULT_ENERGY_TYPE;
    const scopes = [
      ['department', channelIds(binding.departmentIds)],
      ['subitem', channelIds(binding.subitemIds)],
      ['meter', channelIds(binding.meterIds)],
    ] as const;
    const bound = scopes.find(([, ids]) => ids.length > 0);
    return bound ? [energyChannel({ kind: 'series', scope: bound[0], ids: bound[1], energyType, grain: 'day', periods })] : [];
  },
  staleAfterMs: ENERGY_STALE_AFTER_MS,
  load: () => import('./EnergyCalendarWidget'),
});
