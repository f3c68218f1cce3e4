import type { FastifyPluginAsync } from 'fastify';
import { ok, type Envelope } from '@shared/errors';
import { loginUnlockSchema, type LoginLock } from '@shared/schemas/loginLocks';
import { parseOrThrow } from '../../http/zodIssues';

/**
 * Login locks for administrators: which accounts and addresses are locked, and lifting an account's
 * locks before they run out (the real owner locked out by someone guessing). Admin only, not merely the
 * user screen: the list names accounts and addresses of every tree.
 */
export const loginLockRoutes: FastifyPluginAsync = async (app) => {
  const adminOnly = { config: { access: 'admin' as const, tenancy: 'platform' as const } };

  app.get('/login-locks', adminOnly, async (): Promise<Envelope<LoginLock[]>> => {
    return ok(await app.auth.throttle.locks());
  });

  app.delete('/login-locks', adminOnly, async (request): Promise<Envelope<{ cleared: number }>> => {
    const { username } = parseOrThrow(loginUnlockSchema, request.body ?? {});
    return ok({ cleared: await app.auth.throttle.unlock(username) }, 'Unlocked');
  });
};
