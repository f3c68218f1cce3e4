import { z } from 'zod';
import { BAND_TYPES } from '../tariffs/bands';
import { ALARM_KINDS } from '../schemas/alarms';
import { ENERGY_TYPES } from '../resources/meters';
import { isoDate, requiredText } from '../resources/rules';
import { text } from '../schemas/text';
import { SHIP_FUELS } from '../ships/fuels';
import {
  BAND_METRICS,
  CHART_TYPES,
  COMPARE_MODES,
  LINE_METRICS,
  LINE_ONLY_METRICS,
  COMPARE_SHOWS,
  FORMULA_OPS,
  METER_ONLY_METRICS,
  PAPER_ORIENTATIONS,
  PAPER_SIZES,
  PERIOD_PRESETS,
  REPORT_FORMATS,
  REPORT_GRAINS,
  REPORT_GROUPINGS,
  REPORT_LANGS,
  REPORT_LAYOUTS,
  REPORT_LIMITS,
  REPORT_METRICS,
  REPORT_OBJECT_KINDS,
  ROOM_ONLY_METRICS,
  SHIP_METRICS,
} from './constants';

/**
 * The English texts of the definition rules the API sends; the console shows `reports.rules.<key>` instead,
 * found by the text (reportRuleOf).
 */
export const REPORT_RULES = {
  columnId: 'A column id is a letter followed by up to 15 letters or digits',
  columnIdTaken: 'Two columns have the same id',
  needsBand: 'Choose the band this column shows',
  formulaUnknown: 'A formula can only use columns listed before it',
  formulaNeedsB: 'This formula needs a second column',
  roomOnly: 'Prepaid figures are for rooms only',
  notForRooms: 'Rooms have energy, cost and prepaid figures only',
  meterOnly: 'Register readings are for meters only',
  demandNotSubitems: 'Demand is for meters and departments only',
  lineOnly: 'Output and SEC are for production lines only',
  notForLines: 'Production lines have energy, cost, band figures, output and SEC only',
  outputNotHourly: 'Output is recorded per day: choose days or longer periods for output and SEC',
  shipOnly: 'Fuel, CO₂ and distance are for ships only',
  notForShips: 'Ships have fuel, CO₂ and distance only: their flow meters count fuel, not energy',
  shipNotHourly: 'Ship fuel is entered per day: choose days or longer periods for fuel, CO₂ and distance',
  shipNoTypeOrGroup: 'Ships have no energy type or department: choose all energy types and no grouping',
  needsBase: 'A comparison with the base period needs the base period',
  customNeedsRange: 'A custom period needs its first and last day',
  dateOrder: 'The end date must not be before the start date',
  chartColumn: 'The chart shows a column of this report: choose one',
  atLeastOneColumn: 'Add at least one column',
  tooManyColumns: `At most ${REPORT_LIMITS.columns} columns`,
  tooManyObjects: `At most ${REPORT_LIMITS.objects} objects`,
  hourDays: `An hourly report covers at most ${REPORT_LIMITS.hourDays} days`,
  tooLong: `A report covers at most ${REPORT_LIMITS.days} days`,
  groupObjectRows: 'Grouping needs one row per object',
} as const;
export type ReportRule = keyof typeof REPORT_RULES;
export const reportRuleOf = (message: string): ReportRule | undefined =>
  (Object.keys(REPORT_RULES) as ReportRule[]).find((rule) => REPORT_RULES[rule] === message);

const r = REPORT_RULES;
const columnId = () => z.string().regex(/^[a-z][a-zA-Z0-9]{0,15}$/, r.columnId);
const decimals = () => z.number().int().min(0).max(6);
const label = () => text().trim().max(60).optional();

export const metricColumnSchema = z.object({
  id: columnId(),
  kind: z.literal('metric'),
  metric: z.enum(REPORT_METRICS),
  band: z.enum(BAND_TYPES).optional(),
  alarmKind: z.enum(ALARM_KINDS).optional(),
  /** fuel and co2 of ships: one fuel type only (absent: every fuel) */
  fuel: z.enum(SHIP_FUELS).optional(),
  /** absent: the period's own value */
  compare: z.object({ mode: z.enum(COMPARE_MODES), show: z.enum(COMPARE_SHOWS) }).optional(),
  label: label(),
  decimals: decimals().optional(),
});
export const formulaColumnSchema = z.object({
  id: columnId(),
  kind: z.literal('formula'),
  op: z.enum(FORMULA_OPS),
  a: columnId(),
  b: columnId().optional(),
  label: label(),
  decimals: decimals().optional(),
});
export const reportColumnSchema = z.discriminatedUnion('kind', [metricColumnSchema, formulaColumnSchema]);
export type ReportColumn = z.output<typeof reportColumnSchema>;
export type MetricColumn = z.output<typeof metricColumnSchema>;
export type FormulaColumn = z.output<typeof formulaColumnSchema>;

/** A run's period: a preset relative to the day it runs on, or a custom range of local days (inclusive). */
export const reportPeriodSchema = z
  .object({ preset: z.enum(PERIOD_PRESETS), from: isoDate().optional(), to: isoDate().optional() })
  .superRefine((period, ctx) => {
    if (period.preset !== 'custom') return;
    if (!period.from || !period.to) ctx.addIssue({ code: 'custom', path: ['from'], message: r.customNeedsRange });
    else if (period.to < period.from) ctx.addIssue({ code: 'custom', path: ['to'], message: r.dateOrder });
  });
export type ReportPeriod = z.output<typeof reportPeriodSchema>;

export const paperSchema = z.object({ size: z.enum(PAPER_SIZES).default('A4'), orientation: z.enum(PAPER_ORIENTATIONS).default('landscape') });
export type Paper = z.output<typeof paperSchema>;

/**
 * What a report shows. Rows are the objects (`objectRows`: one row per meter, department, sub-item, room, line or
 * ship, each metric over the whole period or, with `splitByPeriod`, repeated for every period of `grain` under a merged
 * header) or the periods (`periodRows`: one row per period of `grain`, the columns repeated per object under a
 * merged header with the object's name).
 */
export const reportSpecSchema = z
  .object({
    objects: z.object({
      kind: z.enum(REPORT_OBJECT_KINDS),
      /** [] = every object of the kind in the caller's tree */
      ids: z.array(z.number().int().positive()).max(REPORT_LIMITS.objects, r.tooManyObjects).default([]),
      /** only meters/departments/sub-items of this energy type (null: every type) */
      energyType: z.enum(ENERGY_TYPES).nullable().default(null),
    }),
    layout: z.enum(REPORT_LAYOUTS).default('objectRows'),
    grain: z.enum(REPORT_GRAINS).default('day'),
    splitByPeriod: z.boolean().default(false),
    columns: z.array(reportColumnSchema).min(1, r.atLeastOneColumn).max(REPORT_LIMITS.columns, r.tooManyColumns),
    groupBy: z.enum(REPORT_GROUPINGS).default('none'),
    subtotals: z.boolean().default(false),
    totals: z.boolean().default(true),
    /** 1: kWh (m³); 1000: MWh (thousand m³) */
    unitScale: z.union([z.literal(1), z.literal(1000)]).default(1),
    decimals: decimals().default(2),
    lang: z.enum(REPORT_LANGS).default('en'),
    /** the period a run covers unless the run names one */
    period: reportPeriodSchema.default({ preset: 'lastMonth' }),
    /** the base period of `compare: {mode: 'base'}` columns */
    base: z.object({ from: isoDate(), to: isoDate() }).nullable().default(null),
    chart: z.object({ type: z.enum(CHART_TYPES), column: columnId().optional() }).default({ type: 'none' }),
    paper: paperSchema.default({ size: 'A4', orientation: 'landscape' }),
  })
  .superRefine((spec, ctx) => {
    const seen = new Set<string>();
    spec.columns.forEach((column, index) => {
      const at = (field: string) => ['columns', index, field];
      if (seen.has(column.id)) ctx.addIssue({ code: 'custom', path: at('id'), message: r.columnIdTaken });
      if (column.kind === 'formula') {
        if (!seen.has(column.a)) ctx.addIssue({ code: 'custom', path: at('a'), message: r.formulaUnknown });
        if (column.op !== 'share') {
          if (!column.b) ctx.addIssue({ code: 'custom', path: at('b'), message: r.formulaNeedsB });
          else if (!seen.has(column.b)) ctx.addIssue({ code: 'custom', path: at('b'), message: r.formulaUnknown });
        }
      } else {
        const kind = spec.objects.kind;
        if (BAND_METRICS.includes(column.metric) && !column.band) ctx.addIssue({ code: 'custom', path: at('band'), message: r.needsBand });
        if (ROOM_ONLY_METRICS.includes(column.metric) && kind !== 'room') ctx.addIssue({ code: 'custom', path: at('metric'), message: r.roomOnly });
        if (kind === 'room' && !['energy', 'cost', ...ROOM_ONLY_METRICS].includes(column.metric))
          ctx.addIssue({ code: 'custom', path: at('metric'), message: r.notForRooms });
        if (METER_ONLY_METRICS.includes(column.metric) && kind !== 'meter') ctx.addIssue({ code: 'custom', path: at('metric'), message: r.meterOnly });
        if ((column.metric === 'maxDemand' || column.metric === 'minDemand') && kind === 'subitem')
          ctx.addIssue({ code: 'custom', path: at('metric'), message: r.demandNotSubitems });
        if (LINE_ONLY_METRICS.includes(column.metric) && kind !== 'line') ctx.addIssue({ code: 'custom', path: at('metric'), message: r.lineOnly });
        if (kind === 'line' && !LINE_METRICS.includes(column.metric)) ctx.addIssue({ code: 'custom', path: at('metric'), message: r.notForLines });
        if (LINE_ONLY_METRICS.includes(column.metric) && spec.grain === 'hour' && (spec.layout === 'periodRows' || spec.splitByPeriod))
          ctx.addIssue({ code: 'custom', path: at('metric'), message: r.outputNotHourly });
        if (SHIP_METRICS.includes(column.metric) && kind !== 'ship') ctx.addIssue({ code: 'custom', path: at('metric'), message: r.shipOnly });
        if (kind === 'ship' && !SHIP_METRICS.includes(column.metric)) ctx.addIssue({ code: 'custom', path: at('metric'), message: r.notForShips });
        if (SHIP_METRICS.includes(column.metric) && spec.grain === 'hour' && (spec.layout === 'periodRows' || spec.splitByPeriod))
          ctx.addIssue({ code: 'custom', path: at('metric'), message: r.shipNotHourly });
        if (column.compare?.mode === 'base' && !spec.base) ctx.addIssue({ code: 'custom', path: at('compare'), message: r.needsBase });
      }
      seen.add(column.id);
    });
    if (spec.chart.type !== 'none' && (!spec.chart.column || !seen.has(spec.chart.column)))
      ctx.addIssue({ code: 'custom', path: ['chart', 'column'], message: r.chartColumn });
    if (spec.groupBy !== 'none' && spec.layout !== 'objectRows') ctx.addIssue({ code: 'custom', path: ['groupBy'], message: r.groupObjectRows });
    if (spec.objects.kind === 'ship') {
      if (spec.objects.energyType) ctx.addIssue({ code: 'custom', path: ['objects', 'energyType'], message: r.shipNoTypeOrGroup });
      if (spec.groupBy !== 'none') ctx.addIssue({ code: 'custom', path: ['groupBy'], message: r.shipNoTypeOrGroup });
    }
    if (spec.base && spec.base.to < spec.base.from) ctx.addIssue({ code: 'custom', path: ['base', 'to'], message: r.dateOrder });
  });
export type ReportSpec = z.output<typeof reportSpecSchema>;
export type ReportSpecInput = z.input<typeof reportSpecSchema>;

/** POST/PUT /api/report-definitions */
export const reportDefinitionBodySchema = z.object({
  name: requiredText(80),
  description: text().trim().max(500).default(''),
  /** the shipped template it was made from, if any */
  template: z.string().max(40).nullable().default(null),
  spec: reportSpecSchema,
});
export type ReportDefinitionBody = z.output<typeof reportDefinitionBodySchema>;

/** POST /api/report-preview: a definition's table on real data while it is edited (not stored). */
export const reportPreviewSchema = z.object({ spec: reportSpecSchema, period: reportPeriodSchema.optional() });

/** POST /api/report-runs: generate one file of a definition. */
export const reportRunRequestSchema = z.object({
  definitionId: z.number().int().positive(),
  format: z.enum(REPORT_FORMATS),
  /** absent: the definition's own period */
  period: reportPeriodSchema.optional(),
  lang: z.enum(REPORT_LANGS).optional(),
  paper: paperSchema.optional(),
});
export type ReportRunRequest = z.output<typeof reportRunRequestSchema>;

export const runListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  definitionId: z.coerce.number().int().positive().optional(),
  scheduleId: z.coerce.number().int().positive().optional(),
  state: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']).optional(),
  format: z.enum(REPORT_FORMATS).optional(),
});
