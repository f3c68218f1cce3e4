import { defineWidget } from '../../widgetDescriptor';
import { bar3dChannels } from './bar3dOption';
import { bar3dOptionsSchema, type Bar3dOptions } from './options';

/** echarts-gl bars: energy of the bound departments per hour over the last 24 h. Heavy: only boards that use it load echarts-gl. */
export const bar3dWidget = defineWidget<Bar3dOptions>({
  id: 'bar-3d',
  nameKey: 'liveWidgets.names.bar-3d',
  category: '3d',
  version: 1,
  options: bar3dOptionsSchema,
  defaultSize: { w: 12, h: 10 },
  // Hourly over the last 24 h whatever the binding says: grain and periods are fixed.
  bindingFields: ['departmentIds', 'energyType'],
  channels: (binding) => bar3dChannels(binding),
  heavy: true,
  load: () => import('./Bar3dWidget'),
});
