import { defineWidget } from '../../widgetDescriptor';
import { idleEnergyChannel } from './channel';
import { idleEnergyOptions, type IdleEnergyOptions } from './options';

/** Today's idle energy (the waste) of the caller's production devices: the total and each device, most first. */
export const idleEnergyWidget = defineWidget<IdleEnergyOptions>({
  id: 'idle-energy',
  nameKey: 'productionDevices.widget.names.idle-energy',
  category: 'energy',
  version: 1,
  options: idleEnergyOptions,
  defaultSize: { w: 6, h: 6 },
  bindingFields: [],
  channels: () => [idleEnergyChannel()],
  // Sent every minute: five silent minutes mean the server is not answering.
  staleAfterMs: 5 * 60_000,
  load: () => import('./IdleEnergyWidget'),
});
