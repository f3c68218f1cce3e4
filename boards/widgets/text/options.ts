// What a text widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';

export const TEXT_VARIANTS = ['heading', 'paragraph'] as const;
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;

export const textOptionsSchema = z.object({
  /** Plain text: rendered as a text node, never as HTML; line breaks are kept. */
  text: z.string().max(2000, 'At most 2000 characters').default(''),
  variant: z.enum(TEXT_VARIANTS).default('heading'),
  /** In design pixels; the wall multiplies it by its scale. */
  fontSize: z.number().int('Use a whole number of pixels').min(8, 'At least 8 px').max(400, 'At most 400 px').default(32),
  align: z.enum(TEXT_ALIGNS).default('left'),
  /** Empty: the board theme's text colour. */
  color: z
    .string()
    .regex(/^(#[0-9a-fA-F]{6})?$/, 'Use a colour like #0b1526')
    .default(''),
});
export type TextOptions = z.output<typeof textOptionsSchema>;
