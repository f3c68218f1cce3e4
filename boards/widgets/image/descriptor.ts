import { defineWidget } from '../../widgetDescriptor';
import { imageOptionsSchema, type ImageOptions } from './options';

/** A picture (logo, site photo) from this server's files or an https:// address. */
export const imageWidget = defineWidget<ImageOptions>({
  id: 'image',
  nameKey: 'liveWidgets.names.image',
  category: 'media',
  version: 1,
  options: imageOptionsSchema,
  defaultSize: { w: 6, h: 6 },
  bindingFields: [],
  channels: () => [],
  load: () => import('./ImageWidget'),
});
