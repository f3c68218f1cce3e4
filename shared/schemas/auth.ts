import { z } from 'zod';
import { text } from './text';

/** POST /api/auth/login, password variant (spec §7): username is trimmed. */
export const passwordLoginSchema = z.object({
  username: text().trim().min(1, 'Please enter the username').max(100),
  password: z.string().min(1, 'Please enter the password').max(128),
  visitSource: text().max(50).optional(),
  codeText: text().max(50).optional(),
});
export type PasswordLogin = z.infer<typeof passwordLoginSchema>;

/** POST /api/auth/login, link auto-login variant (spec §2, §7): all four are required. */
export const linkLoginSchema = z.object({
  type: text().min(1).max(50),
  username: text().trim().min(1).max(100),
  password: z.string().min(1).max(128),
  user: text().trim().min(1).max(100),
});
export type LinkLogin = z.infer<typeof linkLoginSchema>;

/** A body is the link variant when it carries either of the link-only fields. */
export function isLinkLogin(body: unknown): boolean {
  return typeof body === 'object' && body !== null && ('type' in body || 'user' in body);
}

export const loginResultSchema = z.object({ token: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /api/auth/logout body (spec §7: token, username, trueName, visitSource 'energy'); all optional. */
export const logoutSchema = z
  .object({
    token: z.string().max(4096).optional(),
    username: text().max(100).optional(),
    trueName: text().max(100).optional(),
    visitSource: text().max(50).optional(),
  })
  .optional();
