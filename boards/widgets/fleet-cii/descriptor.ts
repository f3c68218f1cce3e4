import { defineWidget } from '../../widgetDescriptor';
import { FLEET_CII_REFRESH_MS, fleetCiiChannel } from './channel';
import { fleetCiiOptions, type FleetCiiOptions } from './options';

/** The fleet's IMO CII ratings: each ship's letter, attained against required CII and its earlier letters. No binding: the ships of the board's tree. */
export const fleetCiiWidget = defineWidget<FleetCiiOptions>({
  id: 'fleet-cii',
  nameKey: 'ships.widget.names.fleet-cii',
  category: 'energy',
  version: 1,
  options: fleetCiiOptions,
  defaultSize: { w: 8, h: 6 },
  bindingFields: [],
  channels: (_binding, options) => [fleetCiiChannel(options.year ?? 'current')],
  // Sent every five minutes: two missed sends mean the server is not answering.
  staleAfterMs: 2 * FLEET_CII_REFRESH_MS + 60_000,
  load: () => import('./FleetCiiWidget'),
});
