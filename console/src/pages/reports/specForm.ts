import type { TFunction } from 'i18next';
import type { AlarmKind } from '@shared/schemas/alarms';
import type { EnergyType } from '@shared/resources/meters';
import type { BandType } from '@shared/tariffs/bands';
import type { ShipFuel } from '@shared/ships/fuels';
import type {
  ChartType,
  CompareMode,
  CompareShow,
  FormulaOp,
  PaperOrientation,
  PaperSize,
  PeriodPreset,
  ReportGrain,
  ReportGrouping,
  ReportLang,
  ReportLayout,
  ReportMetric,
  ReportObjectKind,
} from '@shared/reports/constants';
import { SCHEDULE_RULES } from '@shared/reports/scheduleSchemas';
import { reportDefinitionBodySchema, reportRuleOf, type ReportColumn, type ReportPeriod, type ReportSpec } from '@shared/reports/spec';
import { ruleOfMessage } from '@shared/resources/rules';
import { fieldErrors, schemaIssues, type FieldErrors, type FieldIssue } from '../../forms/fieldErrors';
import type { DefinitionBodyInput } from './reportsApi';

/**
 * The editor's form values and their translation to the definition body the API takes. The form keeps the
 * spec's own shape (so a server issue at `spec.columns.2.band` names the form field `spec.columns.2.band`), except
 * where a widget needs a value the contract has no word for: "all energy types", "no comparison", an empty base.
 */
export interface ColumnValues {
  id: string;
  kind: 'metric' | 'formula';
  metric?: ReportMetric;
  band?: BandType;
  alarmKind?: AlarmKind;
  /** fuel and CO₂ of ships: one fuel type (absent: every fuel) */
  fuel?: ShipFuel;
  /** 'none': the period's own value */
  compareMode?: CompareMode | 'none';
  compareShow?: CompareShow;
  label?: string;
  decimals?: number | null;
  op?: FormulaOp;
  a?: string;
  b?: string;
}

export interface EditorValues {
  name: string;
  description: string;
  template: string | null;
  spec: {
    objects: { kind: ReportObjectKind; ids: number[]; energyType: EnergyType | 'all' };
    layout: ReportLayout;
    grain: ReportGrain;
    splitByPeriod: boolean;
    columns: ColumnValues[];
    groupBy: ReportGrouping;
    subtotals: boolean;
    totals: boolean;
    unitScale: 1 | 1000;
    decimals: number;
    lang: ReportLang;
    period: { preset: PeriodPreset; from?: string; to?: string };
    base: { from?: string; to?: string };
    chart: { type: ChartType; column?: string };
    paper: { size: PaperSize; orientation: PaperOrientation };
  };
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

export function columnBody(column: ColumnValues): ReportColumn {
  const label = trimmed(column.label);
  const decimals = typeof column.decimals === 'number' ? column.decimals : undefined;
  const common = { id: column.id, ...(label ? { label } : {}), ...(decimals !== undefined ? { decimals } : {}) };
  if (column.kind === 'formula') {
    return { ...common, kind: 'formula', op: column.op ?? 'difference', a: column.a ?? '', ...(column.b && column.op !== 'share' ? { b: column.b } : {}) };
  }
  const metric = column.metric ?? 'energy';
  return {
    ...common,
    kind: 'metric',
    metric,
    ...(column.band && (metric === 'bandEnergy' || metric === 'bandCost') ? { band: column.band } : {}),
    ...(column.alarmKind && metric === 'alarmCount' ? { alarmKind: column.alarmKind } : {}),
    ...(column.fuel && (metric === 'fuel' || metric === 'co2') ? { fuel: column.fuel } : {}),
    ...(column.compareMode && column.compareMode !== 'none' ? { compare: { mode: column.compareMode, show: column.compareShow ?? 'percent' } } : {}),
  };
}

export function periodBody(period: EditorValues['spec']['period']): ReportPeriod {
  return period.preset === 'custom'
    ? { preset: 'custom', ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) }
    : { preset: period.preset };
}

/** The body POST/PUT /api/report-definitions takes, from the form's values. */
export function definitionBody(values: EditorValues): DefinitionBodyInput {
  const spec = values.spec;
  const base = spec.base.from || spec.base.to ? { from: spec.base.from ?? '', to: spec.base.to ?? '' } : null;
  return {
    name: values.name ?? '',
    description: values.description ?? '',
    template: values.template ?? null,
    spec: {
      objects: { kind: spec.objects.kind, ids: spec.objects.ids ?? [], energyType: spec.objects.energyType === 'all' ? null : spec.objects.energyType },
      layout: spec.layout,
      grain: spec.grain,
      splitByPeriod: spec.splitByPeriod,
      columns: (spec.columns ?? []).map(columnBody),
      groupBy: spec.groupBy,
      subtotals: spec.subtotals,
      totals: spec.totals,
      unitScale: spec.unitScale,
      decimals: spec.decimals,
      lang: spec.lang,
      period: periodBody(spec.period),
      base,
      chart: spec.chart.type === 'none' ? { type: 'none' } : { type: spec.chart.type, ...(spec.chart.column ? { column: spec.chart.column } : {}) },
      paper: spec.paper,
    },
  };
}

function columnValues(column: ReportColumn): ColumnValues {
  const common = { id: column.id, label: column.label ?? '', decimals: column.decimals ?? null };
  if (column.kind === 'formula') return { ...common, kind: 'formula', op: column.op, a: column.a, ...(column.b ? { b: column.b } : {}) };
  return {
    ...common,
    kind: 'metric',
    metric: column.metric,
    ...(column.band ? { band: column.band } : {}),
    ...(column.alarmKind ? { alarmKind: column.alarmKind } : {}),
    ...(column.fuel ? { fuel: column.fuel } : {}),
    compareMode: column.compare?.mode ?? 'none',
    compareShow: column.compare?.show ?? 'percent',
  };
}

/** The form's values for a stored definition or a template's spec. */
export function editorValues(definition: { name: string; description: string; template: string | null; spec: ReportSpec }): EditorValues {
  const spec = definition.spec;
  return {
    name: definition.name,
    description: definition.description,
    template: definition.template,
    spec: {
      objects: { kind: spec.objects.kind, ids: spec.objects.ids, energyType: spec.objects.energyType ?? 'all' },
      layout: spec.layout,
      grain: spec.grain,
      splitByPeriod: spec.splitByPeriod,
      columns: spec.columns.map(columnValues),
      groupBy: spec.groupBy,
      subtotals: spec.subtotals,
      totals: spec.totals,
      unitScale: spec.unitScale,
      decimals: spec.decimals,
      lang: spec.lang,
      period: { preset: spec.period.preset, ...(spec.period.from ? { from: spec.period.from } : {}), ...(spec.period.to ? { to: spec.period.to } : {}) },
      base: spec.base ? { from: spec.base.from, to: spec.base.to } : {},
      chart: { type: spec.chart.type, ...(spec.chart.column ? { column: spec.chart.column } : {}) },
      paper: { size: spec.paper.size, orientation: spec.paper.orientation },
    },
  };
}

/** A blank definition: every meter's energy over last month. */
export function blankValues(lang: ReportLang): EditorValues {
  return editorValues({
    name: '',
    description: '',
    template: null,
    spec: reportDefinitionBodySchema.shape.spec.parse({
      objects: { kind: 'meter' },
      columns: [{ id: 'c1', kind: 'metric', metric: 'energy' }],
      lang,
    }),
  });
}

/** The first column id of the form c<n> that no column has. */
export function nextColumnId(columns: readonly Pick<ColumnValues, 'id'>[]): string {
  const taken = new Set(columns.map((column) => column.id));
  let n = columns.length + 1;
  while (taken.has(`c${n}`)) n += 1;
  return `c${n}`;
}

/** The form field an issue path belongs to: the few places where the form's shape differs from the spec's. */
export function editorField(path: string): string {
  if (/^spec\.columns\.\d+\.compare(\.|$)/.test(path)) return path.replace(/\.compare(\..*)?$/, '.compareMode');
  if (path === 'spec.base') return 'spec.base.from';
  if (path === 'spec.period') return 'spec.period.preset';
  if (path === 'spec.objects.ids' || /^spec\.objects\.ids\.\d+$/.test(path)) return 'spec.objects.ids';
  return path;
}

/** A contract message in the reader's language: the report, schedule and generic rules by key; anything else as sent. */
export function issueText(t: TFunction, message: string): string {
  const rule = reportRuleOf(message);
  if (rule) return t(`reports.rules.${rule}`);
  const scheduleRule = (Object.keys(SCHEDULE_RULES) as (keyof typeof SCHEDULE_RULES)[]).find((key) => SCHEDULE_RULES[key] === message);
  if (scheduleRule) return t(`reports.scheduleRules.${scheduleRule}`);
  const generic = ruleOfMessage(message);
  if (generic) return t(`resources.validation.${generic}`);
  return message;
}

/** The texts under the editor's fields for a list of issues (the contract's or a refused save's). */
export const editorErrors = (t: TFunction, issues: readonly FieldIssue[]): FieldErrors =>
  fieldErrors(issues, { field: editorField, text: (issue) => issueText(t, issue.message) });

/** What the contract says about the form's current values, per editor field. */
export const checkEditor = (t: TFunction, values: EditorValues): FieldErrors =>
  editorErrors(t, schemaIssues(reportDefinitionBodySchema, definitionBody(values)));
