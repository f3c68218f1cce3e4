import { z } from 'zod';
import { text } from './text';

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

/**
 * GET /api/users/check?email=… or ?username=… → null when free, else `{taken: true}` with the matching
 * user's _id only when the caller manages that user (spec §7; ids of other trees are not disclosed).
 */
export const userCheckQuerySchema = z
  .object({
    email: text().trim().max(254).optional(),
    username: text().trim().max(100).optional(),
  })
  .refine((q) => Boolean(q.email) !== Boolean(q.username), {
    message: 'Give exactly one of email or username',
    path: ['email'],
  });

export const userCheckResultSchema = z.object({ taken: z.literal(true), _id: z.number().optional() }).nullable();
export type UserCheckResult = z.infer<typeof userCheckResultSchema>;
