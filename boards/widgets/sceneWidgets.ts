import type { AnyWidgetDescriptor } from '../widgetDescriptor';
import { scene3dWidget } from './scene-3d/descriptor';

/** three.js scene widgets: one line per widget. */
export const SCENE_WIDGETS: AnyWidgetDescriptor[] = [scene3dWidget];
