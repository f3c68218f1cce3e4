import { z } from 'zod';
import { mimicIconSchema } from './options';
import { pictureUrlSchema } from '../image/pictureUrl';

/**
 * The sprite contract (issue 8; here beside the mimic because shared/ may not import boards/). Sprites: a plant picture with device icons placed on it, each bound to a meter's live values
 * and alarm state. devices/sprite edits them, board/spriteView watches them live; "place on a board" copies
 * the picture and icons into a mimic widget (boards/widgets/mimic), which shows them on walls.
 *
 * GET/POST /api/sprites, GET/PUT/DELETE /api/sprites/:id. Read: /board/spriteView or /devices/sprite.
 * Write: /devices/sprite.
 */
export const SPRITE_VIEW_SCREEN = '/board/spriteView';
export const SPRITE_EDIT_SCREEN = '/devices/sprite';

export const spriteBodySchema = z.object({
  name: z.string().trim().min(1, 'Please enter the sprite name').max(80, 'At most 80 characters'),
  /** An uploaded picture (/api/files/…) or an https:// address. */
  picture: pictureUrlSchema.refine((url) => url !== '', 'Upload a plant picture first'),
  icons: z.array(mimicIconSchema).max(100, 'At most 100 icons').default([]),
});
export type SpriteBody = z.input<typeof spriteBodySchema>;
export const spriteIdParams = z.object({ id: z.coerce.number().int().positive() });

export interface Sprite extends z.output<typeof spriteBodySchema> {
  id: number;
  updatedAt: number;
  updatedBy: string;
}
