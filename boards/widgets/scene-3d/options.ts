// What a scene-3d widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

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
