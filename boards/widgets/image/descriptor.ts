import { z } from 'zod';
import { defineWidget } from '../../widgetDescriptor';
import { PICTURE_FITS, pictureUrlSchema } from './pictureUrl';

export const imageOptionsSchema = z.object({
  url: pictureUrlSchema,
  fit: z.enum(PICTURE_FITS).default('contain'),
});
export type ImageOptions = z.output<typeof imageOptionsSchema>;

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
