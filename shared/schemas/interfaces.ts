import { z } from 'zod';
import { text } from './text';

/** POST /api/interface-keys: a new key for a third-party interface; the key text is returned once. */
export const interfaceKeyCreateSchema = z.object({ name: text().trim().min(1, 'Please enter a name').max(100) });

/** POST /api/interface-keys/activate (10009 unknown key, 10010 already used). */
export const interfaceKeyActivateSchema = z.object({ key: text().trim().min(1).max(200) });

export const interfaceKeySchema = z.object({
  _id: z.number(),
  name: z.string(),
  /** issued → active → revoked */
  state: z.enum(['issued', 'active', 'revoked']),
  /** Only the last 4 characters after creation. */
  keyHint: z.string(),
  createdAt: z.number(),
  activatedAt: z.number().nullable(),
  lastUsedAt: z.number().nullable(),
});
export type InterfaceKey = z.infer<typeof interfaceKeySchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
});

/** The header a third-party system sends its key in. */
export const INTERFACE_KEY_HEADER = 'x-interface-key';
