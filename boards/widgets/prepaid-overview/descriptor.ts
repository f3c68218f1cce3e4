import { defineWidget } from '../../widgetDescriptor';
import { prepaidOverviewChannel } from './channel';
import { prepaidOverviewOptions, type PrepaidOverviewOptions } from './options';

/** The caller's prepaid rooms by state (normal, alarms, arrears, cut off, keep-supply, no data) and today's top-ups. */
export const prepaidOverviewWidget = defineWidget<PrepaidOverviewOptions>({
  id: 'prepaid-overview',
  nameKey: 'prepaidWidgets.names.prepaid-overview',
  category: 'figures',
  version: 1,
  options: prepaidOverviewOptions,
  defaultSize: { w: 6, h: 5 },
  bindingFields: [],
  channels: () => [prepaidOverviewChannel()],
  // Sent every 30 s: five silent minutes mean the server is not answering.
  staleAfterMs: 5 * 60_000,
  load: () => import('./PrepaidOverviewWidget'),
});
