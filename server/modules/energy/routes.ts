import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import {
  balanceQuerySchema,
  gatewayCredentialsSchema,
  meterExportCreateSchema,
  meterHistoryPageQuerySchema,
  meterHistoryQuerySchema,
  meterReplacementSchema,
  quarantineQuerySchema,
  quarantineResolveSchema,
  rankingQuerySchema,
  rejectionQuerySchema,
  rollupQuerySchema,
} from '@shared/schemas';
import { requireAuth } from '../../http/access';
import { auditEntries } from '../../energy/auditTrail';
import { EnergyAnalysis } from '../../energy/energyAnalysis';
import { ExportJobs } from '../../energy/exportJobs';
import { setGatewayCredentials } from '../../energy/gatewayCredentials';
import { MeterHistory } from '../../energy/meterHistory';
import { MeterReplacements } from '../../energy/meterReplacements';
import { QuarantineDesk } from '../../energy/quarantineDesk';
import { rejectedReadings } from '../../energy/rejectedReadings';
import { ENERGY_ANALYSIS_SCREENS } from '../../realtime/energyChannel';
import { callerScope } from '../../tenancy/routeTenancy';
import { ownerIds } from '../../tenancy/ownerScope';

const METER_DATA = '/base/meterData';
const CHECK = '/base/check';
const DEVICE = '/base/device';
/** board/queryChart charts a meter's history ad hoc. */
const QUERY_CHART = '/board/queryChart';
/** Screens that read rollups; any one of them lets a user read the figures. */
/** The screens that read energy figures; the energy:* channels use the same list. */
const ANALYSIS = ENERGY_ANALYSIS_SCREENS;
const idParams = z.object({ id: z.coerce.number().int().positive() });
/** Every read names meters, departments or sub-items of the caller's tree (checked in the handlers). */
const meters = { kind: 'meters' } as const;
const departments = { kind: 'departments' } as const;

/** The metering read API: meter history and exports, rollups, balance, home summary, data checks. */
export const energyRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const timeZone = app.serverConfig.timeZone;
  const history = new MeterHistory(app.storage);
  const exports = new ExportJobs(db, app.serverConfig.dataDir, history, timeZone);
  const analysis = new EnergyAnalysis(db, timeZone);
  const quarantine = new QuarantineDesk(db, app.ingest.directory, timeZone);
  const replacements = new MeterReplacements(db, app.ingest.directory, timeZone);
  app.addHook('onClose', async () => exports.close());

  // ---- base/meterData ----
  app.get(
    '/meter-data/series',
    { config: { access: { anyOf: [METER_DATA, QUERY_CHART] }, tenancy: meters }, schema: { querystring: meterHistoryQuerySchema } },
    async (request) => ok(await history.series(request.query, await callerScope(request))),
  );
  app.get(
    '/meter-data/history',
    { config: { access: { permission: METER_DATA }, tenancy: meters }, schema: { querystring: meterHistoryPageQuerySchema } },
    async (request) => ok(await history.page(request.query, await callerScope(request))),
  );
  app.get(
    '/meter-data/latest',
    {
      config: { access: { anyOf: [METER_DATA, DEVICE] }, tenancy: meters },
      schema: { querystring: z.object({ meterId: z.coerce.number().int().positive() }) },
    },
    async (request) => ok(await history.latest(request.query.meterId, await callerScope(request))),
  );
  app.post(
    '/meter-data/exports',
    { config: { access: { permission: METER_DATA }, tenancy: meters }, schema: { body: meterExportCreateSchema } },
    async (request) => ok(await exports.start(requireAuth(request).user.id, await callerScope(request), request.body), 'Export started'),
  );
  // Export jobs are found by their starter's tree in ExportJobs (progress, download).
  const exportTenancy = { kind: 'exports', check: 'module' } as const;
  app.get(
    '/meter-data/exports/:id',
    { config: { access: { permission: METER_DATA }, tenancy: exportTenancy }, schema: { params: z.object({ id: z.string().uuid() }) } },
    async (request) => ok(await exports.progress(request.params.id, await callerScope(request))),
  );
  app.get(
    '/meter-data/exports/:id/file',
    { config: { access: { permission: METER_DATA }, tenancy: exportTenancy }, schema: { params: z.object({ id: z.string().uuid() }) } },
    async (request, reply) => {
      const file = await exports.download(request.params.id, await callerScope(request));
      return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.bytes);
    },
  );

  // ---- rollups: others/*, devices/departRecord, home ----
  app.get('/energy/rollups', { config: { access: { anyOf: ANALYSIS }, tenancy: meters }, schema: { querystring: rollupQuerySchema } }, async (request) =>
    ok(await analysis.rollups({ ...request.query, owners: ownerIds(await callerScope(request)) })),
  );
  app.get('/energy/ranking', { config: { access: { anyOf: ANALYSIS }, tenancy: departments }, schema: { querystring: rankingQuerySchema } }, async (request) =>
    ok(await analysis.ranking({ ...request.query, owners: ownerIds(await callerScope(request)) })),
  );
  app.get('/energy/balance', { config: { access: { anyOf: ANALYSIS }, tenancy: departments }, schema: { querystring: balanceQuerySchema } }, async (request) =>
    ok(await analysis.balance({ ...request.query, owners: ownerIds(await callerScope(request)) })),
  );
  // The home page needs no role (spec: /dashboard), so neither do its figures: the caller's tree's.
  app.get('/energy/summary', { config: { access: 'user', tenancy: departments } }, async (request) =>
    ok(await analysis.summary(ownerIds(await callerScope(request)))),
  );

  // ---- base/check ----
  app.get(
    '/quarantine',
    { config: { access: { permission: CHECK }, tenancy: { kind: 'quarantine' } }, schema: { querystring: quarantineQuerySchema } },
    async (request) => ok(await quarantine.list({ ...request.query, owners: ownerIds(await callerScope(request)) })),
  );
  app.post(
    '/quarantine/:id/resolve',
    { config: { access: { permission: `${CHECK}/edit` }, tenancy: { kind: 'quarantine' } }, schema: { params: idParams, body: quarantineResolveSchema } },
    async (request) => ok(await quarantine.resolve(request.params.id, request.body, requireAuth(request).user.id), 'Resolved'),
  );
  app.get(
    '/audit-log',
    {
      config: { access: { anyOf: [CHECK, DEVICE] }, tenancy: meters },
      schema: { querystring: z.object({ entity: z.enum(['quarantine', 'meter']), entityId: z.coerce.number().int().positive() }) },
    },
    async (request) => ok(await auditEntries(db, request.query.entity, request.query.entityId, ownerIds(await callerScope(request)))),
  );
  app.get(
    '/ingest/rejections',
    { config: { access: { permission: CHECK }, tenancy: { kind: 'ingest_rejections' } }, schema: { querystring: rejectionQuerySchema } },
    async (request) => ok(await rejectedReadings(db, request.query, ownerIds(await callerScope(request)))),
  );

  // ---- base/device: replacements and gateway credentials ----
  app.get('/meters/:id/replacements', { config: { access: { permission: DEVICE }, tenancy: meters }, schema: { params: idParams } }, async (request) =>
    ok(await replacements.list(request.params.id)),
  );
  app.post(
    '/meters/:id/replacements',
    { config: { access: { permission: `${DEVICE}/edit` }, tenancy: meters }, schema: { params: idParams, body: meterReplacementSchema } },
    async (request) => ok(await replacements.record(request.params.id, request.body, requireAuth(request).user.id), 'Replacement recorded'),
  );
  app.put(
    '/gateways/:id/mqtt-credentials',
    {
      config: { access: { permission: `${DEVICE}/edit` }, tenancy: { kind: 'gateways', check: 'module' } },
      schema: { params: idParams, body: gatewayCredentialsSchema },
    },
    async (request) => {
      const result = await setGatewayCredentials(db, request.params.id, request.body.mqttUsername, request.body.mqttPassword, await callerScope(request));
      return ok(result, 'MQTT credentials saved');
    },
  );
};
