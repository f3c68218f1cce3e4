import { defineWidget } from '../../widgetDescriptor';
import { shiftEnergyChannel } from './channel';
import { shiftEnergyOptions, type ShiftEnergyOptions } from './options';

/** The current shift's energy so far against the finished shifts before it, for a bound department (departmentIds[0]). */
export const shiftEnergyWidget = defineWidget<ShiftEnergyOptions>({
  id: 'shift-energy',
  nameKey: 'tariffWidgets.names.shift-energy',
  category: 'energy',
  version: 1,
  options: shiftEnergyOptions,
  defaultSize: { w: 8, h: 5 },
  bindingFields: ['departmentIds'],
  channels: (binding, options) => [shiftEnergyChannel({ departmentId: binding.departmentIds?.[0] ?? null, previous: options.previous })],
  staleAfterMs: 5 * 60_000,
  load: () => import('./ShiftEnergyWidget'),
});
