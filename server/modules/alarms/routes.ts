import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { ALARM_SCREENS, alarmActionQuerySchema, alarmActionSchema, alarmCountQuerySchema, alarmRecordQuerySchema, alarmStatsQuerySchema, repeatCountQuerySchema, type AlarmState } from '@shared/schemas';
import { requireAuth } from '../../http/access';
import { alarmCounts } from '../../alarms/alarmCounts';
import { alarmVisibility } from '../../alarms/alarmScope';
import { actOnAlarms } from './recordActions';
import { listAlarmRecords, repeatCount } from './recordList';
import { listAlarmActions } from './actionList';
import { alarmStats } from './recordStats';
import { alarmRuleRoutes } from './ruleRoutes';

/**
 * Every alerts screen, the others/alarm summary and the message screen read the records; any of them
 * may also acknowledge and process (the batch screen is where many are handled at once).
 */
export { ALARM_SCREENS };
const access = { anyOf: ALARM_SCREENS };

/** /api/alarm-records, /api/alarm-actions (the logbook) and /api/alarm-rules. */
export const alarmRoutes: FastifyPluginAsync = async (base) => {
  await base.register(alarmRuleRoutes);
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const records = app.alarms.engine.records;

  app.get('/alarm-records', { config: { access }, schema: { querystring: alarmRecordQuerySchema } }, async (request) =>
    ok(await listAlarmRecords(db, request.query, await alarmVisibility(db, requireAuth(request).user.id))),
  );
  app.get('/alarm-records/stats', { config: { access }, schema: { querystring: alarmStatsQuerySchema } }, async (request) =>
    ok(await alarmStats(db, request.query, await alarmVisibility(db, requireAuth(request).user.id), app.serverConfig.timeZone)),
  );
  app.get('/alarm-actions', { config: { access }, schema: { querystring: alarmActionQuerySchema } }, async (request) =>
    ok(await listAlarmActions(db, request.query, await alarmVisibility(db, requireAuth(request).user.id))),
  );
  app.post('/alarm-records/alarm-total-count', { config: { access }, schema: { body: alarmCountQuerySchema } }, async (request) =>
    ok(await alarmCounts(db, { processingState: request.body.processingState as AlarmState[], userId: requireAuth(request).user.id })),
  );
  app.post('/alarm-records/repeat-data-count', { config: { access }, schema: { body: repeatCountQuerySchema } }, async (request) =>
    ok(await repeatCount(db, request.body, await alarmVisibility(db, requireAuth(request).user.id))),
  );
  for (const action of ['acknowledge', 'process'] as const) {
    app.post(`/alarm-records/${action}`, { config: { access }, schema: { body: alarmActionSchema } }, async (request) => {
      const auth = requireAuth(request);
      return ok(await actOnAlarms(db, records, action, request.body, auth.user.username, await alarmVisibility(db, auth.user.id)));
    });
  }
};
