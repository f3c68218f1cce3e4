import { defineWidget } from '../../widgetDescriptor';
import { roomCreditChannel } from './channel';
import { roomCreditOptions, type RoomCreditOptions } from './options';

/** The caller's prepaid rooms with the fewest days of credit left first: balance, days left and state. */
export const roomCreditWidget = defineWidget<RoomCreditOptions>({
  id: 'room-credit',
  nameKey: 'prepaidWidgets.names.room-credit',
  category: 'figures',
  version: 1,
  options: roomCreditOptions,
  defaultSize: { w: 6, h: 8 },
  bindingFields: [],
  channels: (_binding, options) => [roomCreditChannel(options.limit)],
  staleAfterMs: 5 * 60_000,
  load: () => import('./RoomCreditWidget'),
});
