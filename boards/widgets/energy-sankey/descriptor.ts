import { energyChannel } from '@shared/board/channels';
import { defineWidget } from '../../widgetDescriptor';
import { ENERGY_STALE_AFTER_MS, energyWindowOf } from '../../charts/energyBinding';
import { energySankeyOptions, type EnergySankeyOptions } from './options';

export const SANKEY_WINDOW = { grain: 'day', periods: 1 } as const;

/** Site → top-level departments → their children (energy:flow), over the binding's window (default today). */
export const energySankeyWidget = defineWidget<EnergySankeyOptions>({
  id: 'energy-sankey',
  nameKey: 'chartWidgets.names.energy-sankey',
  category: 'energy',
  version: 1,
  options: energySankeyOptions,
  defaultSize: { w: 12, h: 8 },
  bindingFields: ['energyType', 'grain', 'periods'],
  channels: (binding) => [energyChannel({ kind: 'flow', ...energyWindowOf(binding, SANKEY_WINDOW) })],
  staleAfterMs: ENERGY_STALE_AFTER_MS,
  load: () => import('./EnergySankeyWidget'),
});
