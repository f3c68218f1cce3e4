import { defineWidget } from '../../widgetDescriptor';
import { lineSecChannel } from './channel';
import { lineSecOptions, type LineSecOptions } from './options';

/** SEC per production line against its target over a period, for the wall. No binding: the lines of the board's tree. */
export const lineSecWidget = defineWidget<LineSecOptions>({
  id: 'line-sec',
  nameKey: 'lineSecWidget.name',
  category: 'energy',
  version: 1,
  options: lineSecOptions,
  defaultSize: { w: 8, h: 6 },
  bindingFields: [],
  channels: (_binding, options) => [lineSecChannel(options.period)],
  staleAfterMs: 5 * 60_000,
  load: () => import('./LineSecWidget'),
});
