import { defineWidget } from '../../widgetDescriptor';
import { DEFAULT_ENERGY_TYPE } from '../../charts/energyBinding';
import { currentBandChannel } from './channel';
import { currentBandOptions, type CurrentBandOptions } from './options';

/** The band, its price and the countdown to the next change for a bound department (departmentIds[0]; none: the site). */
export const currentBandWidget = defineWidget<CurrentBandOptions>({
  id: 'current-band',
  nameKey: 'tariffWidgets.names.current-band',
  category: 'energy',
  version: 1,
  options: currentBandOptions,
  defaultSize: { w: 4, h: 4 },
  bindingFields: ['departmentIds', 'energyType'],
  channels: (binding) => [currentBandChannel({ departmentId: binding.departmentIds?.[0] ?? null, energyType: binding.energyType ?? DEFAULT_ENERGY_TYPE })],
  // Sent every minute: five silent minutes mean the server is not answering.
  staleAfterMs: 5 * 60_000,
  load: () => import('./CurrentBandWidget'),
});
