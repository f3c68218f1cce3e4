import { z } from 'zod';
import { pictureUrlSchema } from './pictureUrl';

/**
 * The sprite contract. Sprites: a plant picture with device icons placed on it, each bound to a meter's live values
 * and alarm state. devices/sprite edits them, board/spriteView watches them live; "place on a board" copies
 * the picture and icons into a mimic widget (boards/widgets/mimic), which shows them on walls.
 *
 * GET/POST /api/sprites, GET/PUT/DELETE /api/sprites/:id. Read: /board/spriteView or /devices/sprite.
 * Write: /devices/sprite.
 */
export const SPRITE_VIEW_SCREEN = '/board/spriteView';
export const SPRITE_EDIT_SCREEN = '/devices/sprite';

const percent = (axis: string) => z.number().min(0, `${axis} is a percentage from 0 to 100`).max(100, `${axis} is a percentage from 0 to 100`);

/** One device icon on a plant picture; a mimic widget's icons are the same (boards/widgets/mimic/options.ts). */
export const mimicIconSchema = z.object({
  meterId: z.number().int().positive('Choose a meter'),
  /** Position of the icon's centre on the picture, in % of its width and height. */
  x: percent('x'),
  y: percent('y'),
  /** Plain text; empty shows "Meter <id>". */
  label: z.string().trim().max(40, 'At most 40 characters').default(''),
  /** A metric code of the meter's latest values (kw, kwh, v …). */
  metric: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, 'Use a metric code like kw')
    .default('kw'),
  digits: z.number().int().min(0).max(4).default(1),
});
export type MimicIcon = z.output<typeof mimicIconSchema>;

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
