import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import type { AlarmsApi, ThresholdRuleQuery } from '@shared/api/alarmsApi';
import { thresholdRuleSchema, type ThresholdRule } from '@shared/schemas/alarms';
import { probeBody, ruleBody, ruleFormValues } from './ruleForm';
import { ruleMetrics } from './ruleMetrics';
import { ThresholdRulesController } from './ThresholdRulesController';

const rule: ThresholdRule = {
  id: 4,
  name: 'Press over 500 kW',
  scope: 'meter',
  scopeId: 11,
  metric: 'kw',
  over: 500,
  under: null,
  durationS: 60,
  hysteresis: 5,
  severity: 'high',
  enabled: true,
  scopeName: 'M011 Line 1 press',
  unit: 'kW',
};

function fakeApi() {
  const queries: ThresholdRuleQuery[] = [];
  const calls: string[] = [];
  const api: Pick<AlarmsApi, 'rules' | 'createRule' | 'updateRule' | 'deleteRules' | 'suggest'> = {
    rules: async (query) => {
      queries.push(query);
      return { total: 1, rows: [rule] };
    },
    createRule: async () => {
      throw new ApiError(
        40000,
        'body.scopeId: no meter with id 99',
        { issues: [{ field: 'body.scopeId', rule: 'exists', message: 'no meter with id 99' }] },
        400,
      );
    },
    updateRule: async (id, body) => {
      calls.push(`PUT ${id} ${JSON.stringify(body)}`);
      return { ...rule, ...thresholdRuleSchema.parse(body) };
    },
    deleteRules: async (ids) => {
      calls.push(`DELETE ${ids.join(',')}`);
      return { deleted: ids.length };
    },
    suggest: async (query) => {
      calls.push(`SUGGEST ${JSON.stringify(query)}`);
      return { over: 540.5, sampleSize: 2880, unit: 'kW' };
    },
  };
  return { api, queries, calls };
}

describe('ThresholdRulesController', () => {
  it('lists only meters’ kW rules on the power-thresholds screen', async () => {
    const { api, queries } = fakeApi();
    const rules = new ThresholdRulesController(api, { scope: 'meter', metric: 'kw' });
    await rules.load();
    await rules.search(' press ');
    expect(queries).toEqual([
      { page: 1, size: 20, scope: 'meter', metric: 'kw' },
      { page: 1, size: 20, scope: 'meter', metric: 'kw', keyword: 'press' },
    ]);
    expect(rules.list.rows).toEqual([rule]);
  });

  it('hands back the server’s validation messages by field', async () => {
    const { api } = fakeApi();
    const rules = new ThresholdRulesController(api);
    const result = await rules.save(undefined, ruleBody({ ...ruleFormValues(undefined, undefined), name: 'x', scopeId: 99, metric: 'kw', over: 1 }));
    expect(result).toEqual({ ok: false, fieldErrors: { scopeId: 'no meter with id 99' } });
    expect(rules.saving).toBe(false);
  });

  it('updates, deletes and asks for a suggestion over 30 days', async () => {
    const { api, calls } = fakeApi();
    const rules = new ThresholdRulesController(api);
    const saved = await rules.save(4, ruleBody({ ...ruleFormValues(rule, undefined), over: 520 }));
    expect(saved.ok && saved.rule.over).toBe(520);
    expect(await rules.remove([4])).toBe(true);
    expect(await rules.suggest(11, 'kw')).toEqual({ over: 540.5, sampleSize: 2880, unit: 'kW' });
    expect(calls).toEqual([
      'PUT 4 {"name":"Press over 500 kW","scope":"meter","scopeId":11,"metric":"kw","over":520,"under":null,"durationS":60,"hysteresis":5,"severity":"high","enabled":true}',
      'DELETE 4',
      'SUGGEST {"meterId":11,"metric":"kw","days":30}',
    ]);
  });
});

describe('rule form', () => {
  it('opens a new rule on the focus of the screen', () => {
    expect(ruleFormValues(undefined, { scope: 'meter', metric: 'kw' })).toMatchObject({
      scope: 'meter',
      metric: 'kw',
      over: null,
      under: null,
      durationS: 0,
      severity: 'medium',
      enabled: true,
    });
  });

  it('judges the limits even before the rest of the form is filled in', () => {
    const empty = ruleFormValues(undefined, undefined);
    const issues = (field: 'over' | 'under' | 'name') =>
      thresholdRuleSchema.safeParse(probeBody(empty, field)).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(issues('over')).toEqual(['over:set an upper or a lower limit']);
    expect(thresholdRuleSchema.safeParse(probeBody({ ...empty, over: 10, under: 20 }, 'under')).error?.issues.map((issue) => issue.message)).toEqual([
      'the lower limit must be below the upper limit',
    ]);
    expect(issues('name')?.[0]).toBe('name:required');
  });

  it('offers a meter’s metrics, or power and 15-minute energy for groups', () => {
    expect(ruleMetrics('department', undefined)).toEqual(['kw', 'energy']);
    expect(ruleMetrics('subitem', ['kwh'])).toEqual(['kw', 'energy']);
    expect(ruleMetrics('meter', ['energy', 'm3', 'flow'])).toEqual(['energy', 'm3', 'flow']);
    expect(ruleMetrics('meter', undefined)).toEqual(expect.arrayContaining(['kw', 'kwh', 'm3', 'flow', 'energy']));
  });
});
