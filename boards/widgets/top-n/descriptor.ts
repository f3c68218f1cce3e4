import { defineWidget } from '../../widgetDescriptor';
import { rankingChannel } from './topNRows';
import { topNOptionsSchema, type TopNOptions } from './options';

/** The top N departments or sub-items by energy over the bound period, with share bars. */
export const topNWidget = defineWidget<TopNOptions>({
  id: 'top-n',
  nameKey: 'liveWidgets.names.top-n',
  category: 'energy',
  version: 1,
  options: topNOptionsSchema,
  defaultSize: { w: 8, h: 8 },
  // departmentIds[0] is the parent whose children are ranked; sub-items are ranked site-wide.
  bindingFields: ['departmentIds', 'energyType', 'grain', 'periods'],
  channels: (binding, options) => [rankingChannel(binding, options)],
  load: () => import('./TopNWidget'),
});
