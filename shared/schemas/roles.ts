import { z } from 'zod';
import { text } from './text';

/**
 * Roles (/settings/roles, spec §3, §6). Type 0 = administrative role (admin), 1 = role a type-0
 * user may hand to its sub-users (the user dialog offers the type-1 roles that contain the caller).
 */
export const ROLE_MESSAGES = {
  nameRequired: 'roles.ph_name',
  nameTaken: 'roles.name_err',
  /** The built-in admin and default roles cannot be deleted or renamed. */
  builtIn: 'roles.builtin_err',
} as const;

const m = ROLE_MESSAGES;

/** GET /api/roles: filter by type and by member user ids (`users=3,7`: roles holding any of them). */
export const roleListQuerySchema = z.object({
  type: z.coerce.number().int().min(0).max(1).optional(),
  users: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'users must be a comma-separated list of user ids')
    .transform((value) => value.split(',').map(Number))
    .optional(),
  name: text().trim().max(50).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(100),
});
export type RoleListQuery = z.input<typeof roleListQuerySchema>;

export const roleRowSchema = z.object({
  _id: z.number(),
  name: z.string(),
  type: z.number().int(),
  description: z.string(),
  /** The preset role new sub-users get (spec §3). */
  isDefault: z.boolean(),
  /** Member user ids (spec §3 Role.users). */
  users: z.array(z.number()),
  /** Granted router entry ids (menus and buttons). */
  routers: z.array(z.number()),
});
export type RoleRow = z.infer<typeof roleRowSchema>;
export const roleListSchema = z.object({ total: z.number(), rows: z.array(roleRowSchema) });
export type RoleList = z.infer<typeof roleListSchema>;

/** POST /api/roles and PUT /api/roles/:id. `users` replaces the membership when given. */
export const roleInputSchema = z.object({
  name: text({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(50, m.nameRequired),
  type: z.number().int().min(0).max(1).default(1),
  description: text().trim().max(200).default(''),
  users: z.array(z.number().int().positive()).max(10_000).optional(),
});
export type RoleInput = z.input<typeof roleInputSchema>;

/** DELETE /api/roles (batch). */
export const roleBatchDeleteSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });

/**
 * PUT /api/routers/roles-auth: the menu entries and buttons a role holds, replaced as a whole. A child
 * granted without its parent is granted with its ancestors (a menu needs its group to be reachable).
 */
export const rolesAuthSchema = z.object({
  roleId: z.number().int().positive(),
  routerIds: z.array(z.number().int().positive()).max(5_000),
});
export type RolesAuth = z.infer<typeof rolesAuthSchema>;
