import { Registry } from '../registry';
import type { AnyWidgetDescriptor } from '../widgetDescriptor';

/**
 * The built-in widget catalogue: one line per widget type. Descriptors are pure (zod + channel names),
 * so the server imports this list to validate options; renderers load lazily through `load()`.
 */
const BUILT_IN: AnyWidgetDescriptor[] = [
  // chart widgets (echarts): one line each
  // live and media widgets: one line each
];

export const widgetRegistry = new Registry<AnyWidgetDescriptor>('Widget');
for (const descriptor of BUILT_IN) widgetRegistry.register(descriptor);
