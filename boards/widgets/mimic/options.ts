// What a mimic widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';
import { PICTURE_FITS, pictureUrlSchema } from '@shared/schemas/pictureUrl';
import { mimicIconSchema } from '@shared/schemas/sprites';

/** A mimic shows the icons of the sprite contract: placing a sprite on a board copies them unchanged. */
export type { MimicIcon } from '@shared/schemas/sprites';

export const MAX_MIMIC_ICONS = 100;

export const mimicOptionsSchema = z.object({
  background: pictureUrlSchema,
  fit: z.enum(PICTURE_FITS).default('contain'),
  icons: z.array(mimicIconSchema).max(MAX_MIMIC_ICONS, `At most ${MAX_MIMIC_ICONS} icons`).default([]),
});
export type MimicOptions = z.output<typeof mimicOptionsSchema>;
