import { z } from 'zod';

/** A role as carried inside user info: id and name (spec §3 "ids, or objects with name"). */
export const roleRefSchema = z.object({ _id: z.number(), name: z.string() });
export type RoleRef = z.infer<typeof roleRefSchema>;

/** GET /api/users/info (spec §7). */
export const userInfoSchema = z.object({
  _id: z.number(),
  username: z.string(),
  trueName: z.string(),
  email: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  father: z.number().nullable(),
  roles: z.array(roleRefSchema),
  status: z.boolean(),
  /** 0 = top-level/admin-type account, 1 = sub-user. */
  type: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** GET /api/users/check?email=… or ?username=… → null or the matching user's _id (spec §7). */
export const userCheckQuerySchema = z
  .object({
    email: z.string().trim().max(254).optional(),
    username: z.string().trim().max(100).optional(),
  })
  .refine((q) => Boolean(q.email) !== Boolean(q.username), {
    message: 'Give exactly one of email or username',
    path: ['email'],
  });

export const userCheckResultSchema = z.object({ _id: z.number() }).nullable();
