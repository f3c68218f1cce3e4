import { z } from 'zod';
import { METER_DIRECTORY_CHANNEL, OPEN_ALARMS_CHANNEL } from '@shared/board/channels';
import { defineWidget } from '../../widgetDescriptor';

export const scene3dOptionsSchema = z.object({
  /** The slow camera tour around the site; off, the camera stays still and the scene renders on data only. */
  tour: z.boolean().default(true),
  /** Seconds per lap of the tour. */
  lapSeconds: z.number().int().min(30, 'At least 30 seconds per lap').max(3600, 'At most 3600 seconds per lap').default(240),
  /** Building names and the hottest meters' names and loads. */
  showLabels: z.boolean().default(true),
  /** Departments to show (top-level or any level); empty shows the whole site. */
  departmentIds: z.array(z.number().int().positive()).max(50).default([]),
});
export type Scene3dOptions = z.output<typeof scene3dOptionsSchema>;

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
