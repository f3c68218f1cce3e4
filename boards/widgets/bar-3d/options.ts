// What a bar-3d widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const bar3dOptionsSchema = z.object({
  /** Elevation of the view in degrees. */
  alpha: z.number().min(0, 'From 0 to 90 degrees').max(90, 'From 0 to 90 degrees').default(30),
  /** Rotation of the view in degrees. */
  beta: z.number().min(-180, 'From -180 to 180 degrees').max(180, 'From -180 to 180 degrees').default(35),
});
export type Bar3dOptions = z.output<typeof bar3dOptionsSchema>;
