// What a image widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';
import { PICTURE_FITS, pictureUrlSchema } from '@shared/schemas/pictureUrl';

export const imageOptionsSchema = z.object({
  url: pictureUrlSchema,
  fit: z.enum(PICTURE_FITS).default('contain'),
});
export type ImageOptions = z.output<typeof imageOptionsSchema>;
