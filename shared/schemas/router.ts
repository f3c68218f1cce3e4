import { z } from 'zod';

/** A router/menu entry as the API returns it (spec §3). `children` and `roles` are ids. */
export const routerEntrySchema = z.object({
  _id: z.number(),
  path: z.string(),
  fullpath: z.string(),
  /**
   * Stable permission key: what the server checks and what the console's button checks compare with. A
   * seeded entry's key is the product's full path (`/settings/user/add`) and stays so when the entry is
   * renamed or moved; an entry made in the menu editor gets `custom:<uuid>`, which no route asks for.
   */
  key: z.string(),
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

/** Menu editor rules (/settings/router); messages are catalogue keys as for users. */
export const ROUTER_MESSAGES = {
  pathRequired: 'menus.ph_path',
  pathFormat: 'menus.path_err',
  fullpathTaken: 'menus.fullpath_err',
  titleRequired: 'menus.ph_title',
  /** Spec §5 "sort must be a number". */
  sortNumber: 'menus.sort_err',
  parentMissing: 'menus.parent_err',
} as const;

/**
 * POST /api/routers and PUT /api/routers/:id. `fullpath` is computed by the server (parent's fullpath
 * joined with `path`, spec §3) and `level` from the parent; children follow their parent when it moves.
 * A top-level path starts with '/', a child's does not (`user`, `datashowboard/:code`).
 */
export const routerInputSchema = z.object({
  path: z
    .string({ error: ROUTER_MESSAGES.pathRequired })
    .trim()
    .min(1, ROUTER_MESSAGES.pathRequired)
    .max(100, ROUTER_MESSAGES.pathFormat)
    .regex(/^\/?[A-Za-z0-9_:*-]+(\/[A-Za-z0-9_:*-]+)*$/, ROUTER_MESSAGES.pathFormat),
  parent: z.number().int().positive().nullable().default(null),
  type: z.enum(['menu', 'button']).default('menu'),
  title: z.string({ error: ROUTER_MESSAGES.titleRequired }).trim().min(1, ROUTER_MESSAGES.titleRequired).max(100, ROUTER_MESSAGES.titleRequired),
  icon: z.string().trim().max(50).nullable().default(null),
  sort: z
    .number({ error: ROUTER_MESSAGES.sortNumber })
    .int(ROUTER_MESSAGES.sortNumber)
    .min(-100_000, ROUTER_MESSAGES.sortNumber)
    .max(100_000, ROUTER_MESSAGES.sortNumber)
    .default(0),
  hidden: z.boolean().default(false),
  noRole: z.boolean().default(false),
});
export type RouterInput = z.input<typeof routerInputSchema>;

/** GET /api/routers/generator: the entries it created for known routes the tree lacked (spec §7). */
export const routerGeneratedSchema = z.object({ created: z.array(z.string()), total: z.number() });
export type RouterGenerated = z.infer<typeof routerGeneratedSchema>;
