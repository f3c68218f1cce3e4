// What a mimic widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';
import { PICTURE_FITS, pictureUrlSchema } from '../image/pictureUrl';

export const MAX_MIMIC_ICONS = 100;

const percent = (axis: string) => z.number().min(0, `${axis} is a percentage from 0 to 100`).max(100, `${axis} is a percentage from 0 to 100`);

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

export const mimicOptionsSchema = z.object({
  background: pictureUrlSchema,
  fit: z.enum(PICTURE_FITS).default('contain'),
  icons: z.array(mimicIconSchema).max(MAX_MIMIC_ICONS, `At most ${MAX_MIMIC_ICONS} icons`).default([]),
});
export type MimicOptions = z.output<typeof mimicOptionsSchema>;
