import type { AnyWidgetDescriptor } from '../widgetDescriptor';

/** three.js scene widgets: one line per widget. */
export const SCENE_WIDGETS: AnyWidgetDescriptor[] = [];
