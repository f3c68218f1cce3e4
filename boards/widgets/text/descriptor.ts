import { defineWidget } from '../../widgetDescriptor';
import { textOptionsSchema, type TextOptions } from './options';

/** A heading or a paragraph of plain text. */
export const textWidget = defineWidget<TextOptions>({
  id: 'text',
  nameKey: 'liveWidgets.names.text',
  category: 'media',
  version: 1,
  options: textOptionsSchema,
  defaultSize: { w: 8, h: 2 },
  bindingFields: [],
  channels: () => [],
  load: () => import('./TextWidget'),
});
