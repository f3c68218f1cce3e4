import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import {
  apportionRuleSchema,
  settlementCloseSchema,
  settlementClosesQuerySchema,
  settlementExportSchema,
  settlementQuerySchema,
  settlementReopenSchema,
} from '@shared/schemas/settlement';
import { requireAuth } from '../../http/access';
import { callerScope } from '../../tenancy/routeTenancy';
import { ApportionRules } from '../../settlement/apportionRules';
import { SettlementCloses } from '../../settlement/settlementCloses';
import { SettlementExports } from '../../settlement/settlementExports';

const ENERGY = '/settlement/energy';
const DEVICE = '/settlement/energyDevice';
const EXPORT = '/settlement/energy-export';
/** The settlement screens read the same figures. */
const READERS = { anyOf: [ENERGY, DEVICE, EXPORT] };
const idParams = z.object({ id: z.coerce.number().int().positive() });
const departments = { kind: 'departments' } as const;

/** Settlement: figures, month closes (close, reopen, versions with diffs), apportionment rules, exports. */
export const settlementRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const closes = new SettlementCloses(db, app.serverConfig.timeZone);
  const rules = new ApportionRules(db);
  const exports = new SettlementExports(db, app.serverConfig.dataDir, closes);
  app.addHook('onClose', async () => exports.close());

  app.get('/settlement', { config: { access: READERS, tenancy: departments }, schema: { querystring: settlementQuerySchema } }, async (request) =>
    ok(await closes.figures(await callerScope(request), request.query)),
  );

  // ---- month closes ----
  app.get(
    '/settlement-closes',
    { config: { access: { anyOf: [ENERGY, DEVICE] }, tenancy: { kind: 'settlement_snapshots' } }, schema: { querystring: settlementClosesQuerySchema } },
    async (request) => ok(await closes.list(await callerScope(request), request.query.month)),
  );
  app.post(
    '/settlement-closes',
    { config: { access: { permission: `${ENERGY}/add` }, tenancy: { kind: 'settlement_snapshots' } }, schema: { body: settlementCloseSchema } },
    async (request) => ok(await closes.close(await callerScope(request), requireAuth(request).user.id, request.body.month), 'Month closed'),
  );
  app.post(
    '/settlement-closes/:id/reopen',
    {
      config: { access: { permission: `${ENERGY}/edit` }, tenancy: { kind: 'settlement_snapshots' } },
      schema: { params: idParams, body: settlementReopenSchema },
    },
    async (request) =>
      ok(await closes.reopen(await callerScope(request), requireAuth(request).user.id, request.params.id, request.body.reason), 'Month reopened'),
  );

  // ---- apportionment rules ----
  app.get('/apportion-rules', { config: { access: { anyOf: [ENERGY, DEVICE] }, tenancy: { kind: 'apportion_rules' } } }, async (request) =>
    ok(await rules.list(await callerScope(request))),
  );
  app.post(
    '/apportion-rules',
    { config: { access: { permission: `${ENERGY}/edit` }, tenancy: { kind: 'apportion_rules' } }, schema: { body: apportionRuleSchema } },
    async (request) => ok(await rules.create(await callerScope(request), request.body), 'Rule saved'),
  );
  app.put(
    '/apportion-rules/:id',
    { config: { access: { permission: `${ENERGY}/edit` }, tenancy: { kind: 'apportion_rules' } }, schema: { params: idParams, body: apportionRuleSchema } },
    async (request) => ok(await rules.update(await callerScope(request), request.params.id, request.body), 'Rule saved'),
  );
  app.delete(
    '/apportion-rules/:id',
    { config: { access: { permission: `${ENERGY}/edit` }, tenancy: { kind: 'apportion_rules' } }, schema: { params: idParams } },
    async (request) => {
      await rules.remove(request.params.id);
      return ok(null, 'Rule deleted');
    },
  );

  // ---- exports ----
  app.post(
    '/settlement-exports',
    { config: { access: { anyOf: [EXPORT, ENERGY] }, tenancy: departments }, schema: { body: settlementExportSchema } },
    async (request) => ok(await exports.start(requireAuth(request).user.id, await callerScope(request), request.body), 'Export started'),
  );
  const exportTenancy = { kind: 'exports', check: 'module' } as const;
  const uuidParams = z.object({ id: z.string().uuid() });
  app.get(
    '/settlement-exports/:id',
    { config: { access: { anyOf: [EXPORT, ENERGY] }, tenancy: exportTenancy }, schema: { params: uuidParams } },
    async (request) => ok(await exports.progress(request.params.id, await callerScope(request))),
  );
  app.get(
    '/settlement-exports/:id/file',
    { config: { access: { anyOf: [EXPORT, ENERGY] }, tenancy: exportTenancy }, schema: { params: uuidParams } },
    async (request, reply) => {
      const file = await exports.download(request.params.id, await callerScope(request));
      return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.bytes);
    },
  );
};
