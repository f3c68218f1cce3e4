import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { THRESHOLD_SCOPES, thresholdRuleSchema, thresholdSuggestQuerySchema, type ThresholdRuleBody } from '@shared/schemas';
import { AppError, validationError } from '../../http/appError';
import { ThresholdRules } from '../../alarms/thresholdRules';
import { GROUP_METRICS, isGroupMetric } from '../../alarms/groupEnergy';
import { suggestThreshold } from './thresholdSuggest';
import { callerScope } from '../../tenancy/routeTenancy';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';

/** Both screens edit the same rules: devices/power-thresholds and alarm-management/threshold. */
const RULE_SCREENS = ['/alarm-management/threshold', '/devices/power-thresholds'];
const readAccess = { anyOf: RULE_SCREENS };
const tenancy = { kind: 'alarm_rules' } as const;
const button = (name: 'add' | 'edit' | 'delete') => ({ anyOf: RULE_SCREENS.map((screen) => `${screen}/${name}`) });

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  scope: z.enum(THRESHOLD_SCOPES).optional(),
  scopeId: z.coerce.number().int().positive().optional(),
  metric: z.string().trim().max(32).optional(),
  keyword: z.string().trim().max(64).optional(),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });
const deleteBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1, 'choose at least one rule').max(500) });

/** /api/alarm-rules: threshold rules and the knee-point suggestion. */
export const alarmRuleRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const rules = new ThresholdRules(app.storage.db);
  const engine = app.alarms.engine;

  const checkRule = async (body: ThresholdRuleBody, scope: OwnerScope) => {
    // A department or sub-item has no readings of its own: only the sums the engine can compute.
    if (body.scope !== 'meter' && !isGroupMetric(body.metric)) {
      throw validationError([
        { field: 'body.metric', rule: 'enum', message: `a ${body.scope} rule watches ${GROUP_METRICS.join(' or ')}, not "${body.metric}"` },
      ]);
    }
    // A meter, department or sub-item of another tree is answered as one that does not exist.
    if (!(await rules.scopeExists(body.scope, body.scopeId, ownerIds(scope)))) {
      throw validationError([{ field: 'body.scopeId', rule: 'exists', message: `no ${body.scope} with id ${body.scopeId}` }]);
    }
  };

  app.get('/alarm-rules', { config: { access: readAccess, tenancy }, schema: { querystring: listQuery } }, async (request) =>
    ok(await rules.list({ ...request.query, owners: ownerIds(await callerScope(request)) })),
  );
  app.get(
    '/alarm-rules/suggest',
    { config: { access: readAccess, tenancy: { kind: 'meters' } }, schema: { querystring: thresholdSuggestQuerySchema } },
    async (request) => ok(await suggestThreshold(app.storage, request.query, await callerScope(request))),
  );
  app.get('/alarm-rules/:id', { config: { access: readAccess, tenancy }, schema: { params: idParams } }, async (request) => {
    const rule = await rules.get(request.params.id);
    if (!rule) throw new AppError('NOT_FOUND', { message: 'No such threshold rule' });
    return ok(rule);
  });
  app.post('/alarm-rules', { config: { access: button('add'), tenancy }, schema: { body: thresholdRuleSchema } }, async (request) => {
    const scope = await callerScope(request);
    await checkRule(request.body, scope);
    const id = await rules.create(request.body, scope.home);
    engine.rulesChanged();
    return ok(await rules.get(id), 'Created');
  });
  app.put('/alarm-rules/:id', { config: { access: button('edit'), tenancy }, schema: { params: idParams, body: thresholdRuleSchema } }, async (request) => {
    await checkRule(request.body, await callerScope(request));
    if (!(await rules.update(request.params.id, request.body))) throw new AppError('NOT_FOUND', { message: 'No such threshold rule' });
    engine.rulesChanged();
    return ok(await rules.get(request.params.id), 'Updated');
  });
  app.delete('/alarm-rules', { config: { access: button('delete'), tenancy }, schema: { body: deleteBody } }, async (request) => {
    const deleted = await rules.remove(request.body.ids, ownerIds(await callerScope(request)));
    engine.rulesChanged();
    return ok({ deleted }, 'Deleted');
  });
};
