import { z } from 'zod';
import { defineWidget } from '../../widgetDescriptor';
import { bar3dChannels } from './bar3dOption';

export const bar3dOptionsSchema = z.object({
  /** Elevation of the view in degrees. */
  alpha: z.number().min(0, 'From 0 to 90 degrees').max(90, 'From 0 to 90 degrees').default(30),
  /** Rotation of the view in degrees. */
  beta: z.number().min(-180, 'From -180 to 180 degrees').max(180, 'From -180 to 180 degrees').default(35),
});
export type Bar3dOptions = z.output<typeof bar3dOptionsSchema>;

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
