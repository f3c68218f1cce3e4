import type { FastifyPluginAsync } from 'fastify';
import { ok, type Envelope } from '@shared/errors';
import { isLinkLogin, linkLoginSchema, logoutSchema, passwordLoginSchema, type LoginResult } from '@shared/schemas';
import { AppError } from '../../http/appError';
import { requireAuth } from '../../http/access';
import { parseOrThrow } from '../../http/zodIssues';
import { loginLockRoutes } from './loginLockRoutes';

export const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(loginLockRoutes);

  /**
   * Password login and the link auto-login variant (spec §2, §7) share the path. The link variant
   * needs all of type, username, password and user ('Missing parameters' otherwise); `user` must name
   * the same account (its _id or username) so a link cannot be replayed for another account.
   */
  app.post('/auth/login', { config: { access: 'public' } }, async (request): Promise<Envelope<LoginResult>> => {
    const body: unknown = request.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new AppError('VALIDATION_FAILED', { message: '(body): expected a JSON object' });
    }
    if (isLinkLogin(body)) {
      const parsed = linkLoginSchema.safeParse(body);
      if (!parsed.success) throw new AppError('MISSING_PARAMETERS');
      const { token, user } = await app.auth.login(parsed.data.username, parsed.data.password, `link:${parsed.data.type}`, request.ip);
      if (parsed.data.user !== String(user.id) && parsed.data.user !== user.username) throw new AppError('LOGIN_FAILED');
      return ok({ token });
    }
    const credentials = parseOrThrow(passwordLoginSchema, body);
    const { token } = await app.auth.login(credentials.username, credentials.password, credentials.visitSource ?? '', request.ip);
    return ok({ token });
  });

  /** Revokes the calling session; its sockets are closed too. */
  app.post('/auth/logout', { config: { access: 'user', tenancy: 'none' } }, async (request) => {
    parseOrThrow(logoutSchema, request.body ?? undefined);
    const auth = requireAuth(request);
    await app.auth.logout(auth);
    app.realtime.disconnectSession(auth.sessionId);
    return ok(null, 'Logged out');
  });
};
