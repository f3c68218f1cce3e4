import { describe, expect, it } from 'vitest';
import { REPORT_TEMPLATE_KEYS } from './constants';
import { reportSpecSchema } from './spec';
import { REPORT_TEMPLATES } from './templates';

describe('shipped report templates', () => {
  it('has exactly one template per key', () => {
    expect(Object.keys(REPORT_TEMPLATES).sort()).toEqual([...REPORT_TEMPLATE_KEYS].sort());
  });

  it.each(REPORT_TEMPLATE_KEYS)('%s passes the definition rules', (key) => {
    const parsed = reportSpecSchema.safeParse(REPORT_TEMPLATES[key]);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
    expect(parsed.data?.period.preset).toBe('lastMonth');
  });

  it('says what each template is about', () => {
    const spec = (key: (typeof REPORT_TEMPLATE_KEYS)[number]) => reportSpecSchema.parse(REPORT_TEMPLATES[key]);
    const daily = spec('dailyEnergy');
    expect([daily.objects.kind, daily.grain, daily.splitByPeriod, daily.totals]).toEqual(['department', 'day', true, true]);
    const cost = spec('monthlyDepartmentCost');
    expect(cost.columns.map((c) => (c.kind === 'metric' ? `${c.metric}${c.compare ? `:${c.compare.mode}:${c.compare.show}` : ''}` : c.op))).toEqual([
      'energy',
      'cost',
      'share',
      'cost:lastYear:value',
      'cost:lastYear:percent',
    ]);
    expect([cost.groupBy, cost.subtotals, cost.chart]).toEqual(['department', true, { type: 'bar', column: 'cost' }]);
    const bands = spec('bandStatement').columns.flatMap((c) => (c.kind === 'metric' && c.band ? [`${c.metric}:${c.band}`] : []));
    expect(bands).toEqual(
      ['peak', 'flat', 'valley'].reduce((all, band) => [...all, `bandEnergy:${band}`, `bandCost:${band}`], ['bandEnergy:sharp', 'bandCost:sharp']),
    );
    expect(spec('meterReadings').columns.map((c) => c.id)).toEqual(['registerStart', 'registerEnd', 'energy', 'maxDemand']);
    expect(spec('alarmSummary').columns.map((c) => (c.kind === 'metric' ? (c.alarmKind ?? 'all') : c.op))).toEqual([
      'device',
      'error',
      'trouble',
      'offline',
      'all',
    ]);
    const rooms = spec('roomStatement');
    expect([rooms.objects.kind, ...rooms.columns.map((c) => c.id)]).toEqual(['room', 'energy', 'charges', 'topUps', 'balance']);
    const fleet = spec('fleetFuel');
    expect([fleet.objects.kind, fleet.groupBy, ...fleet.columns.map((c) => (c.kind === 'metric' ? `${c.metric}${c.fuel ? `:${c.fuel}` : ''}` : c.op))]).toEqual(
      ['ship', 'none', 'fuel', 'fuel:hfo', 'co2', 'co2', 'distance', 'ratio'],
    );
  });

  it('would be refused by the rules if a template asked for what its objects do not have', () => {
    const broken = { ...REPORT_TEMPLATES.roomStatement, columns: [{ id: 'demand', kind: 'metric', metric: 'maxDemand' }] } as const;
    expect(reportSpecSchema.safeParse(broken).success).toBe(false);
  });
});
