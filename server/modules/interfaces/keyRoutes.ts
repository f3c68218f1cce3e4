import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { interfaceKeyActivateSchema, interfaceKeyCreateSchema, pageQuerySchema } from '@shared/schemas';
import { AppError } from '../../http/appError';
import { requireAuth } from '../../http/access';
import { callerScope } from '../../tenancy/routeTenancy';
import { inScope, ownerIds } from '../../tenancy/ownerScope';
import { InterfaceKeyRepository, toInterfaceKey } from './keyRepository';

const MENU = '/thirdinterfaces/generic-interfaces';
const tenancy = { kind: 'interface_keys' } as const;

/** Interface keys for third-party systems (thirdinterfaces/generic-interfaces) and their call records. */
export const interfaceKeyRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const keys = new InterfaceKeyRepository(app.storage.db);

  app.get('/interface-keys', { config: { access: { permission: MENU }, tenancy } }, async (request) => {
    const rows = await keys.listOwnedBy(ownerIds(await callerScope(request)));
    return ok({ total: rows.length, rows: rows.map(toInterfaceKey) });
  });

  /** The full key is shown only in this answer; afterwards only its last characters. */
  app.post('/interface-keys', { config: { access: { permission: `${MENU}/add` }, tenancy }, schema: { body: interfaceKeyCreateSchema } }, async (request) => {
    const auth = requireAuth(request);
    const { row, key } = await keys.create(auth.user.id, (await callerScope(request)).home, request.body.name);
    return ok({ ...toInterfaceKey(row), key }, 'Created');
  });

  app.post('/interface-keys/activate', { config: { access: { permission: MENU }, tenancy }, schema: { body: interfaceKeyActivateSchema } }, async (request) => {
    const row = await keys.findByKey(request.body.key);
    if (!row || !inScope(await callerScope(request), row.owner_user_id) || row.state === 'revoked') throw new AppError('SDK_KEY_INVALID');
    if (row.state === 'active') throw new AppError('SDK_KEY_USED');
    await keys.setState(row.id, 'active');
    return ok(toInterfaceKey((await keys.findById(row.id)) ?? row), 'Activated');
  });

  app.delete(
    '/interface-keys/:id',
    { config: { access: { permission: `${MENU}/delete` }, tenancy }, schema: { params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request) => {
      const row = await keys.findById(request.params.id);
      if (!row || !inScope(await callerScope(request), row.owner_user_id)) throw new AppError('NOT_FOUND', { message: 'No such interface key' });
      await keys.setState(row.id, 'revoked');
      return ok(null, 'Revoked');
    },
  );

  /** thirdinterfaces/call-record: every ingestion call, newest first. */
  app.get(
    '/interface-calls',
    { config: { access: { permission: '/thirdinterfaces/call-record' }, tenancy }, schema: { querystring: pageQuerySchema } },
    async (request) => {
      const { page, size } = request.query;
      const owned = (await keys.listOwnedBy(ownerIds(await callerScope(request)))).map((k) => k.id);
      const scope = app.storage.db.selectFrom('interface_calls').where('key_id', 'in', owned.length ? owned : [-1]);
      const [{ total }] = (await scope.select((eb) => eb.fn.countAll<number>().as('total')).execute()) as [{ total: number }];
      const rows = await scope
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return ok({
        total: Number(total),
        rows: rows.map((r) => ({
          _id: r.id,
          keyId: r.key_id,
          at: r.at,
          ip: r.ip,
          accepted: r.accepted,
          rejected: r.rejected,
          code: r.code,
          durationMs: r.duration_ms,
        })),
      });
    },
  );
};
