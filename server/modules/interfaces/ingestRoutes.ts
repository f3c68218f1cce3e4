import { performance } from 'node:perf_hooks';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '@shared/errors';
import { INTERFACE_KEY_HEADER } from '@shared/schemas';
import { AppError } from '../../http/appError';
import { ownerIds, ownerScopeOfUser } from '../../tenancy/ownerScope';
import { InterfaceKeyRepository } from './keyRepository';

/**
 * POST /api/ingest/readings — the HTTP path for third-party systems: the MQTT payload, authenticated
 * by an active interface key in the x-interface-key header. Answers after commit; every call is recorded.
 */
/** The answer's message: integrators log it, so it reads as English grammar. */
const rejectedMessage = (count: number): string => (count === 0 ? 'ok' : count === 1 ? '1 reading rejected' : `${count} readings rejected`);

export const ingestRoutes: FastifyPluginAsync = async (app) => {
  const keys = new InterfaceKeyRepository(app.storage.db);

  app.post('/ingest/readings', { config: { access: 'public', bodyTextCheckedByRoute: true }, bodyLimit: 4 * 1024 * 1024 }, async (request, reply) => {
    const started = performance.now();
    const presented = request.headers[INTERFACE_KEY_HEADER];
    const key = typeof presented === 'string' ? await keys.findByKey(presented) : undefined;
    const record = (code: number, accepted = 0, rejected = 0) =>
      app.storage.db
        .insertInto('interface_calls')
        .values({ key_id: key?.id ?? null, at: Date.now(), ip: request.ip, accepted, rejected, code, duration_ms: performance.now() - started })
        .execute();
    if (!key || key.state !== 'active') {
      const error = new AppError('SDK_KEY_INVALID');
      await record(error.code);
      throw error;
    }
    // The key speaks for the gateways of its tree (as its creator sees them now).
    const owners = ownerIds(await ownerScopeOfUser(app.storage.db, key.user_id));
    let gatewayQuery = app.storage.db.selectFrom('gateways').select('id');
    if (owners) gatewayQuery = gatewayQuery.where('owner_user_id', 'in', owners);
    const gateways = await gatewayQuery.execute();
    const outcome = await app.ingest.submit(request.body, {
      kind: 'http',
      allowedGatewayIds: new Set(gateways.map((g) => g.id)),
      ownerUserId: key.owner_user_id,
    });
    if ('refused' in outcome) {
      const error = outcome.busy
        ? new AppError('UNAVAILABLE', { message: outcome.refused, headers: { 'retry-after': '1' } })
        : new AppError('VALIDATION_FAILED', { message: outcome.refused });
      await record(error.code);
      throw error;
    }
    await Promise.all([record(0, outcome.accepted, outcome.rejected.length), keys.touch(key.id)]);
    return reply.send(ok(outcome, rejectedMessage(outcome.rejected.length)));
  });
};
