import { METER_DIRECTORY_CHANNEL, OPEN_ALARMS_CHANNEL } from '@shared/board/channels';
import { defineWidget } from '../../widgetDescriptor';
import { scene3dOptionsSchema, type Scene3dOptions } from './options';

/**
 * The three.js plant scene. Only this descriptor (zod + channel names) is in the catalogue; three and
 * @react-three/fiber are reached through load() alone, so a 2D board never downloads them. The meters'
 * `meter:<id>:latest` channels depend on the directory and are watched by the scene at run time.
 */
export const scene3dWidget = defineWidget<Scene3dOptions>({
  id: 'scene-3d',
  nameKey: 'visualization.widgetName',
  category: '3d',
  version: 1,
  options: scene3dOptionsSchema,
  defaultSize: { w: 12, h: 10 },
  // Its departments are an option; the meters come from the directory.
  bindingFields: [],
  channels: () => [METER_DIRECTORY_CHANNEL, OPEN_ALARMS_CHANNEL],
  heavy: true,
  load: () => import('./SceneWidget'),
});
