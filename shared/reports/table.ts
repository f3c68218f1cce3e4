import type { ChartType, ReportFormat, ReportLang, ReportMetric } from './constants';

/**
 * A computed report, the one shape every output is made from: the web view (console and public sheet), CSV,
 * XLSX and PDF. Values are final numbers in the unit the column says (energy ÷ unitScale, money in major units
 * with 2 decimals, percent as 12.5 for 12.5 %); `null` is an empty cell (no data, or a ratio over 0).
 */
export interface ReportTable {
  title: string;
  /** e.g. "2026-10-01 – 2026-10-31 · Asia/Shanghai" in the report's language */
  subtitle: string;
  lang: ReportLang;
  timeZone: string;
  generatedAt: number;
  period: { from: string; to: string };
  base: { from: string; to: string } | null;
  /** header of the first column: "Meter", "Department", "Day"… */
  rowHeader: string;
  /** a second header row above `columns` is drawn when any column has `group` (merged over equal neighbours) */
  columns: ReportColumnHead[];
  rows: ReportRow[];
  chart: ReportChart | null;
  /** lines printed under the table, e.g. what "*" means */
  notes: string[];
}

export type ColumnTotal = 'sum' | 'max' | 'min' | 'none';

export interface ReportColumnHead {
  /** unique in the table, e.g. "energy" or "energy@2026-10-01" after a split */
  key: string;
  /** the definition's column id it came from */
  sourceId: string;
  label: string;
  /** kWh, MWh, m³, kW, CNY, %, '' */
  unit: string;
  decimals: number;
  kind: 'number' | 'money' | 'percent';
  metric: ReportMetric | 'formula';
  /** merged header text above this column (a period label after a split, an object name with period rows) */
  group?: string;
  /** how this column's subtotal and total cells are made from the data rows they cover (XLSX writes the formula) */
  total: ColumnTotal;
}

export interface ReportRow {
  kind: 'data' | 'subtotal' | 'total';
  label: string;
  /** object code (meters, departments…) or '' */
  code: string;
  /** indent level: 0 top, 1 nested under a group */
  level: number;
  cells: (number | null)[];
  /** indexes into `cells` whose value includes estimated (completed) data: drawn with a trailing "*" */
  estimated: number[];
  /** subtotal and total rows: the indexes (into `rows`) of the data rows they add up */
  covers?: number[];
}

export interface ReportChart {
  type: Exclude<ChartType, 'none'>;
  title: string;
  /** the column whose values are charted, one bar/point per data row (objectRows) or per period (periodRows) */
  columnKey: string;
  categories: string[];
  values: (number | null)[];
  unit: string;
}

/** What a renderer reports while it works and how it is stopped. */
export interface RenderControl {
  /** 0..1 of the renderer's share of the job */
  progress(fraction: number): void;
  signal: AbortSignal;
}

export interface RenderedReport {
  format: ReportFormat;
  bytes: Buffer;
  contentType: string;
}

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};
