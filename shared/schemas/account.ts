import { z } from 'zod';
import { multilineText, text } from './text';

/** PUT /api/users/info: the signed-in user edits its own account (navbar "account edit"). Email stays read-only (spec §5). */
export const accountUpdateSchema = z.object({
  trueName: text().trim().min(1, 'Please enter your name').max(50),
  /** A picture address on this site or http(s); nothing that could run script. */
  avatar: text()
    .trim()
    .max(500)
    .regex(/^$|^(https?:\/\/|\/)\S*$/, 'avatar must be an http(s) address or a path on this site')
    .optional(),
  introduction: multilineText().trim().max(500).optional(),
});
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;
