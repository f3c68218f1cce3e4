import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import {
  ALARM_SCREENS,
  alarmActionQuerySchema,
  alarmActionSchema,
  alarmCountQuerySchema,
  alarmRecordQuerySchema,
  alarmStatsQuerySchema,
  repeatCountQuerySchema,
  type AlarmState,
} from '@shared/schemas';
import { requireAuth } from '../../http/access';
import { alarmCounts } from '../../alarms/alarmCounts';
import { visibilityOf } from '../../alarms/alarmScope';
import { callerScope } from '../../tenancy/routeTenancy';
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
/** Alarm records are scoped by their subject's tree, here in the module. */
const tenancy = { kind: 'alarmRecords', check: 'module' } as const;

/** /api/alarm-records, /api/alarm-actions (the logbook) and /api/alarm-rules. */
export const alarmRoutes: FastifyPluginAsync = async (base) => {
  await base.register(alarmRuleRoutes);
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const records = app.alarms.engine.records;

  app.get('/alarm-records', { config: { access, tenancy }, schema: { querystring: alarmRecordQuerySchema } }, async (request) =>
    ok(await listAlarmRecords(db, request.query, visibilityOf(await callerScope(request)))),
  );
  app.get('/alarm-records/stats', { config: { access, tenancy }, schema: { querystring: alarmStatsQuerySchema } }, async (request) =>
    ok(await alarmStats(db, request.query, visibilityOf(await callerScope(request)), app.serverConfig.timeZone)),
  );
  app.get('/alarm-actions', { config: { access, tenancy }, schema: { querystring: alarmActionQuerySchema } }, async (request) =>
    ok(await listAlarmActions(db, request.query, visibilityOf(await callerScope(request)))),
  );
  app.post('/alarm-records/alarm-total-count', { config: { access, tenancy }, schema: { body: alarmCountQuerySchema } }, async (request) =>
    ok(await alarmCounts(db, { processingState: request.body.processingState as AlarmState[], visibility: visibilityOf(await callerScope(request)) })),
  );
  app.post('/alarm-records/repeat-data-count', { config: { access, tenancy }, schema: { body: repeatCountQuerySchema } }, async (request) =>
    ok(await repeatCount(db, request.body, visibilityOf(await callerScope(request)))),
  );
  for (const action of ['acknowledge', 'process'] as const) {
    app.post(`/alarm-records/${action}`, { config: { access, tenancy }, schema: { body: alarmActionSchema } }, async (request) => {
      const auth = requireAuth(request);
      return ok(await actOnAlarms(db, records, action, request.body, auth.user.username, visibilityOf(await callerScope(request))));
    });
  }
};
