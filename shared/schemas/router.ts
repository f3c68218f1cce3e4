import { z } from 'zod';

/** A router/menu entry as the API returns it (spec §3). `children` and `roles` are ids. */
export const routerEntrySchema = z.object({
  _id: z.number(),
  path: z.string(),
  fullpath: z.string(),
  level: z.number().int(),
  parent: z.number().nullable(),
  children: z.array(z.number()),
  roles: z.array(z.number()),
  type: z.enum(['menu', 'button']),
  /** i18n key of the title (`route.<segment>`). */
  title: z.string(),
  icon: z.string().nullable(),
  sort: z.number(),
  hidden: z.boolean(),
  /** Needs no role: kept for every signed-in user (spec §2). */
  noRole: z.boolean(),
});
export type RouterEntry = z.infer<typeof routerEntrySchema>;

/**
 * GET /api/routers?roles=1,2 — the entries granted to those roles plus the entries that need no role.
 * Without `roles`: the caller's own roles (admins: every entry). A non-admin may only ask for its own roles.
 */
export const routerQuerySchema = z.object({
  roles: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'roles must be a comma-separated list of role ids')
    .transform((value) => value.split(',').map(Number))
    .optional(),
});

export const routerListSchema = z.object({ total: z.number(), rows: z.array(routerEntrySchema) });
export type RouterList = z.infer<typeof routerListSchema>;
