import { defineWidget } from '../../widgetDescriptor';
import { DEFAULT_ENERGY_TYPE } from '../../charts/energyBinding';
import { bandCostChannel } from './channel';
import { bandCostOptions, type BandCostOptions } from './options';

/** The minute refresh can leave a quiet meter's figures unchanged for long; they are still fresh. */
export const BAND_COST_STALE_AFTER_MS = 5 * 60_000;

/**
 * Energy and cost per time-of-use band (sharp, peak, flat, valley, deep valley) of a bound meter
 * (meterIds[0], first) or department (departmentIds[0]); neither: the whole site. Today or this month.
 */
export const bandCostWidget = defineWidget<BandCostOptions>({
  id: 'band-cost',
  nameKey: 'tariffWidgets.names.band-cost',
  category: 'energy',
  version: 1,
  options: bandCostOptions,
  defaultSize: { w: 8, h: 6 },
  bindingFields: ['meterIds', 'departmentIds', 'energyType'],
  channels(binding, options) {
    const meterId = binding.meterIds?.[0];
    const departmentId = binding.departmentIds?.[0];
    const energyType = binding.energyType ?? DEFAULT_ENERGY_TYPE;
    const target = meterId !== undefined ? { scope: 'meter' as const, id: meterId } : { scope: 'department' as const, id: departmentId ?? null };
    return [bandCostChannel({ ...target, energyType, period: options.period })];
  },
  staleAfterMs: BAND_COST_STALE_AFTER_MS,
  load: () => import('./BandCostWidget'),
});
