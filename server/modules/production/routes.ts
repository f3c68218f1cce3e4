import { performance } from 'node:perf_hooks';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { INTERFACE_KEY_HEADER } from '@shared/schemas';
import {
  baselineBodySchema,
  baselineQuerySchema,
  lineIdParamsSchema,
  lineMetersBodySchema,
  PRODUCTION_BOARD_EDIT,
  PRODUCTION_LINE_EDIT,
  PRODUCTION_SCREENS,
  rangeQuerySchema,
  secQuerySchema,
  targetBodySchema,
} from '@shared/production/api';
import { tariffsOf } from '../../calendar/calendarEffects';
import { AppError } from '../../http/appError';
import { productionBoard } from '../../production/board';
import { lineBaseline, lineCost, lineSec, lineShifts } from '../../production/lineAnalytics';
import { checkRange, loadLine } from '../../production/lineData';
import { lineMeters, putLineMeters, saveBaseline } from '../../production/lineSettings';
import { ingestOutput, outputMessage } from '../../production/outputIngest';
import type { ShiftPricing } from '../../shifts/shiftEnergy';
import { loadEffectiveTariffs } from '../../tariffs/effectiveTariffs';
import { ownerScopeOfUser } from '../../tenancy/ownerScope';
import { callerScope } from '../../tenancy/routeTenancy';
import { InterfaceKeyRepository } from '../interfaces/keyRepository';
import { lineSecChannels } from './lineSecChannel';

/**
 * Production lines (/energyLine/*): the line meters' allocation, SEC per line, product, shift and period, the
 * baseline regression and normalised savings, cost per unit by band, the board summary and its wall channel, and
 * the integrators' output ingest. The domain is server/production/ (README there).
 */
export const productionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = app.storage.db;
  const timeZone = app.serverConfig.timeZone;
  const lineRoute = { kind: 'product_lines' } as const;
  const read = { anyOf: [PRODUCTION_SCREENS.board, PRODUCTION_SCREENS.line] } as const;
  const schema = { params: lineIdParamsSchema };

  app.get('/production/lines/:id/meters', { config: { access: read, tenancy: lineRoute }, schema }, async (request) =>
    ok(await lineMeters(db, request.params.id)),
  );
  app.put(
    '/production/lines/:id/meters',
    { config: { access: { permission: PRODUCTION_LINE_EDIT }, tenancy: lineRoute }, schema: { ...schema, body: lineMetersBodySchema } },
    async (request) => ok(await putLineMeters(db, await loadLine(db, request.params.id), request.body.meters), 'Saved'),
  );

  app.get('/production/lines/:id/sec', { config: { access: read, tenancy: lineRoute }, schema: { ...schema, querystring: secQuerySchema } }, async (request) =>
    ok(await lineSec(db, await loadLine(db, request.params.id), request.query, timeZone)),
  );
  app.get(
    '/production/lines/:id/shifts',
    { config: { access: read, tenancy: lineRoute }, schema: { ...schema, querystring: rangeQuerySchema } },
    async (request) => ok(await lineShifts(db, await loadLine(db, request.params.id), request.query, timeZone)),
  );
  app.get(
    '/production/lines/:id/baseline',
    { config: { access: read, tenancy: lineRoute }, schema: { ...schema, querystring: baselineQuerySchema } },
    async (request) => ok(await lineBaseline(db, await loadLine(db, request.params.id), request.query, timeZone)),
  );
  app.put(
    '/production/lines/:id/baseline',
    { config: { access: { permission: PRODUCTION_BOARD_EDIT }, tenancy: lineRoute }, schema: { ...schema, body: baselineBodySchema } },
    async (request) => {
      checkRange(request.body.from, request.body.to);
      return ok(await saveBaseline(db, request.params.id, request.body, request.auth!.user.id), 'Saved');
    },
  );
  app.put(
    '/production/lines/:id/target',
    { config: { access: { permission: PRODUCTION_BOARD_EDIT }, tenancy: lineRoute }, schema: { ...schema, body: targetBodySchema } },
    async (request) => {
      await db.updateTable('product_lines').set({ target_sec_kwh: request.body.targetSecKwh }).where('id', '=', request.params.id).execute();
      return ok({ lineId: request.params.id, targetSecKwh: request.body.targetSecKwh }, 'Saved');
    },
  );
  app.get(
    '/production/lines/:id/cost',
    { config: { access: read, tenancy: lineRoute }, schema: { ...schema, querystring: rangeQuerySchema } },
    async (request) => {
      const tariffs = tariffsOf(app);
      const pricing: ShiftPricing | null = tariffs ? { book: await tariffs.book(), effective: await loadEffectiveTariffs(db) } : null;
      return ok(await lineCost(db, await loadLine(db, request.params.id), request.query, timeZone, pricing));
    },
  );
  app.get('/production/board', { config: { access: read, tenancy: lineRoute }, schema: { querystring: rangeQuerySchema } }, async (request) => {
    checkRange(request.query.from, request.query.to);
    return ok(await productionBoard(db, await callerScope(request), request.query, timeZone));
  });

  // The integrators' twin of POST /api/ingest/readings: the same interface keys, the call recorded the same way.
  const keys = new InterfaceKeyRepository(db);
  app.post(
    '/ingest/output',
    { config: { access: 'public', tenancy: 'none', bodyTextCheckedByRoute: true }, bodyLimit: 4 * 1024 * 1024 },
    async (request, reply) => {
      const started = performance.now();
      const presented = request.headers[INTERFACE_KEY_HEADER];
      const key = typeof presented === 'string' ? await keys.findByKey(presented) : undefined;
      const record = (code: number, accepted = 0, rejected = 0) =>
        db
          .insertInto('interface_calls')
          .values({ key_id: key?.id ?? null, at: Date.now(), ip: request.ip, accepted, rejected, code, duration_ms: performance.now() - started })
          .execute();
      if (!key || key.state !== 'active') {
        const error = new AppError('SDK_KEY_INVALID');
        await record(error.code);
        throw error;
      }
      const outcome = await ingestOutput(db, request.body, await ownerScopeOfUser(db, key.user_id), 'http');
      if ('refused' in outcome) {
        const error = new AppError('VALIDATION_FAILED', { message: outcome.refused });
        await record(error.code);
        throw error;
      }
      await Promise.all([record(0, outcome.created + outcome.updated, outcome.rejected.length), keys.touch(key.id)]);
      return reply.send(ok(outcome, outputMessage(outcome)));
    },
  );

  app.channels.addProvider(lineSecChannels({ storage: app.storage, timeZone, onError: (error) => app.log.warn({ err: error }, 'line SEC channel failed') }));
};
