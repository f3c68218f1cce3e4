// What an announcements widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const announcementsOptionsSchema = z.object({
  /** How long each announcement stays before the next one (a single one stays). */
  seconds: z.number().int('Use a whole number').min(3, 'At least 3').max(600, 'At most 600').default(12),
  /** The title's size in design pixels; the text is 60 % of it. The wall multiplies it by its scale. */
  fontSize: z.number().int('Use a whole number of pixels').min(8, 'At least 8 px').max(200, 'At most 200 px').default(30),
  /** Show an announcement's picture beside its text when it has one. */
  showPicture: z.boolean().default(true),
});
export type AnnouncementsOptions = z.output<typeof announcementsOptionsSchema>;
