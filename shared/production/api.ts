import { z } from 'zod';
import { calendarDay } from '../schemas/shifts';
import { text } from '../schemas/text';

/**
 * The production-line analytics contract (/api/production/*), the output ingest (POST /api/ingest/output,
 * MQTT gateways/{sn}/output) and the wall channel `production:line-sec:<period>`. Energies are in the line's
 * energy unit (kWh for electricity lines); SEC (specific energy consumption) = energy / standard output.
 */

export const PRODUCTION_SCREENS = {
  product: '/energyLine/product',
  line: '/energyLine/product-line',
  record: '/energyLine/product-record',
  board: '/energyLine/energy-board',
} as const;
/** Saving the baseline choice and a line's target (the energy board's edit button). */
export const PRODUCTION_BOARD_EDIT = `${PRODUCTION_SCREENS.board}/edit`;
/** The line meters' allocation editor (the line screen's edit button). */
export const PRODUCTION_LINE_EDIT = `${PRODUCTION_SCREENS.line}/edit`;

/**
 * kgce per kWh of electricity: the equivalent-value coefficient of GB/T 2589-2020 (综合能耗计算通则, 附录 A:
 * 电力当量值 0.1229 kgce/(kW·h)). Only electricity lines get kgce figures; water and gas lines give null.
 */
export const KGCE_PER_KWH = 0.1229;
export const KGCE_FACTOR_SOURCE = 'GB/T 2589-2020, electricity equivalent value 0.1229 kgce/kWh';

export const SEC_PERIODS = ['day', 'week', 'month'] as const;
export type SecPeriod = (typeof SEC_PERIODS)[number];
/** The longest range one analytics call covers. */
export const PRODUCTION_MAX_DAYS = 366;
export const RANGE_MESSAGE = `The range must run forwards and cover at most ${PRODUCTION_MAX_DAYS} days`;

export const lineIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const rangeShape = { from: calendarDay, to: calendarDay };

/** GET /api/production/lines/:id/sec */
export const secQuerySchema = z.object({ ...rangeShape, period: z.enum(SEC_PERIODS, { error: 'must be day, week or month' }).default('day') });
export type SecQuery = z.output<typeof secQuerySchema>;
/** GET /api/production/lines/:id/shifts, /cost, GET /api/production/board */
export const rangeQuerySchema = z.object(rangeShape);
export type RangeQuery = z.output<typeof rangeQuerySchema>;
/** GET /api/production/lines/:id/baseline: the reporting period; baselineFrom/To try another baseline without saving it. */
export const baselineQuerySchema = z.object({ ...rangeShape, baselineFrom: calendarDay.optional(), baselineTo: calendarDay.optional() });
export type BaselineQuery = z.output<typeof baselineQuerySchema>;

// ---- line meters (the allocation editor) ----

export const RATIO_MESSAGE = 'The allocation ratio must be more than 0 and at most 1';
export const lineMetersBodySchema = z.object({
  meters: z
    .array(z.object({ meterId: z.number().int().positive(), ratio: z.number({ error: RATIO_MESSAGE }).gt(0, RATIO_MESSAGE).lte(1, RATIO_MESSAGE) }))
    .max(100, 'At most 100 meters per line'),
});
export type LineMetersBody = z.input<typeof lineMetersBodySchema>;

/** One meter feeding a line. `otherLines`: the ratio the meter already gives to other lines (ratio + otherLines ≤ 1). */
export interface LineMeter {
  meterId: number;
  code: string;
  name: string;
  energyType: string;
  ratio: number;
  otherLines: number;
}

// ---- board settings ----

export const baselineBodySchema = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((value) => value.from <= value.to, { path: ['to'], message: 'The baseline must not end before it starts' });
export type BaselineBody = z.input<typeof baselineBodySchema>;
export interface BaselineChoice {
  lineId: number;
  from: string;
  to: string;
  updatedAt: number;
}
export const targetBodySchema = z.object({
  targetSecKwh: z.number({ error: 'Must be a number' }).gt(0, 'Must be greater than 0').nullable(),
});

// ---- SEC ----

/** Energy, output and SEC of one slice. SEC is null when the slice has no output. */
export interface SecFigures {
  energy: number;
  /** energy × KGCE_PER_KWH for electricity lines, else null */
  energyKgce: number | null;
  standardOutput: number;
  secKwh: number | null;
  secKgce: number | null;
  /** kWh per standard unit (the line's) or per unit (a product's) */
  targetSecKwh: number | null;
  /** (sec − target) / target × 100; negative = better than target */
  vsTargetPercent: number | null;
}

export interface LineInfo {
  id: number;
  code: string;
  name: string;
  energyType: string;
  departmentId: number | null;
  targetSecKwh: number | null;
}

export interface Factor {
  kgcePerKwh: number;
  source: string;
}

export interface PeriodSec extends SecFigures {
  /** day YYYY-MM-DD, week: its Monday YYYY-MM-DD, month YYYY-MM */
  period: string;
  from: string;
  to: string;
}

/** A product's share of the line: energy = line energy × standardOutput / line standardOutput; SEC per unit of the product. */
export interface ProductSec extends SecFigures {
  productId: number;
  code: string;
  name: string;
  unit: string;
  standardCoefficient: number;
  quantity: number;
  share: number;
}

export interface LineSecReport {
  line: LineInfo;
  from: string;
  to: string;
  period: SecPeriod;
  factor: Factor;
  total: SecFigures;
  periods: PeriodSec[];
  products: ProductSec[];
}

// ---- shifts ----

export interface ShiftSecRow extends SecFigures {
  day: string;
  shiftId: number;
  shiftName: string;
  /** the window [from, to) in epoch ms */
  windowFrom: number;
  windowTo: number;
}
export interface ShiftSecSummary extends SecFigures {
  shiftId: number;
  shiftName: string;
}
export interface LineShiftReport {
  line: LineInfo;
  from: string;
  to: string;
  factor: Factor;
  rows: ShiftSecRow[];
  shifts: ShiftSecSummary[];
  /** Standard output recorded for whole days (no shift): counted in the line's SEC, not in any shift's. */
  wholeDayOutput: number;
  /** Energy outside every shift window (no shift covers those hours). */
  outsideShiftsEnergy: number;
}

// ---- baseline (ISO 50006-style) ----

export interface DayPoint {
  day: string;
  standardOutput: number;
  energy: number;
}
/** energy = a + b × standardOutput, least squares over the baseline period's days with output. */
export interface BaselineModel {
  from: string;
  to: string;
  n: number;
  a: number;
  b: number;
  r2: number | null;
  points: DayPoint[];
}
export interface ReportingDay extends DayPoint {
  expected: number;
  savings: number;
}
export interface BaselineReport {
  line: LineInfo;
  /** the saved choice, or the query's baselineFrom/To */
  baseline: { from: string; to: string; saved: boolean } | null;
  /** null when there is no baseline or fewer than 3 days with output (or all with the same output) */
  model: BaselineModel | null;
  problem: 'noBaseline' | 'tooFewDays' | 'noSpread' | null;
  reporting: {
    from: string;
    to: string;
    days: ReportingDay[];
    expected: number;
    actual: number;
    /** Σ expected − Σ actual: positive = energy saved for the output made */
    savings: number;
    savingsPercent: number | null;
  } | null;
}

// ---- cost per unit by band ----

export interface BandCost {
  band: string;
  energy: number;
  /** rounded once, half away from zero */
  costMinor: number;
  /** minor units per standard unit, not rounded (a fraction of a fen per unit is usual) */
  costPerUnitMinor: number | null;
}
export interface LineCostReport {
  line: LineInfo;
  from: string;
  to: string;
  currency: string | null;
  standardOutput: number;
  bands: BandCost[];
  total: { energy: number; costMinor: number; costPerUnitMinor: number | null };
  /** energy of intervals without a price (no tariff for the meter or that day) */
  unpricedEnergy: number;
}

// ---- board summary (also the wall channel's payload) ----

export type LineSecStatus = 'ok' | 'over' | 'noTarget' | 'noOutput';
export interface LineSecSummary extends SecFigures {
  lineId: number;
  code: string;
  name: string;
  energyType: string;
  status: LineSecStatus;
}
export interface ProductionBoard {
  from: string;
  to: string;
  factor: Factor;
  lines: LineSecSummary[];
}

/**
 * Wall channel `production:line-sec:<period>` (widget `line-sec`): snapshot on joining, then again every
 * LINE_SEC_REFRESH_MS while watched. The payload is LineSecWallData: the board summary of the caller's tree
 * (a display reads as its owner) for the period, computed at `computedAt`. Who may join: an administrator, the
 * holders of /energyLine/energy-board, and display tokens of theirs.
 */
export const LINE_SEC_PERIODS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type LineSecPeriod = (typeof LINE_SEC_PERIODS)[number];
export const LINE_SEC_REFRESH_MS = 60_000;
export const lineSecChannel = (period: LineSecPeriod): string => `production:line-sec:${period}`;
export function parseLineSecChannel(channel: string): LineSecPeriod | null {
  const match = /^production:line-sec:([A-Za-z0-9]+)$/.exec(channel);
  const period = match?.[1];
  return period && (LINE_SEC_PERIODS as readonly string[]).includes(period) ? (period as LineSecPeriod) : null;
}
export interface LineSecWallData extends ProductionBoard {
  computedAt: number;
  period: LineSecPeriod;
}

// ---- output ingest ----

export const OUTPUT_MAX_RECORDS = 5000;
/** One output record as integrators send it. Checked record by record: a bad one is rejected with its reason. */
export const outputItemSchema = z.object({
  line: text().trim().min(1, 'line: give the line code').max(50),
  product: text().trim().min(1, 'product: give the product code').max(50),
  day: calendarDay,
  shift: text().trim().max(50).nullable().default(null),
  quantity: z.number({ error: 'quantity: must be a number' }).gt(0, 'quantity: must be greater than 0').max(1e12),
  reference: text().trim().max(100).default(''),
});
export type OutputItem = z.input<typeof outputItemSchema>;
export const outputPayloadSchema = z.object({
  records: z.array(z.unknown()).min(1, 'records: give at least one record').max(OUTPUT_MAX_RECORDS, `records: at most ${OUTPUT_MAX_RECORDS} per call`),
});
export const OUTPUT_EXAMPLE = {
  records: [
    { line: 'PRESS-1', product: 'BRK-100', day: '2026-11-21', shift: 'Night', quantity: 1250, reference: 'MES-88121' },
    { line: 'PRESS-1', product: 'BRK-200', day: '2026-11-21', shift: null, quantity: 300, reference: '' },
  ],
};
export interface OutputRejection {
  index: number;
  reference: string;
  reason: string;
}
/** created: new records; updated: records found by their reference and replaced; rejected: with reasons. */
export interface OutputIngestResult {
  created: number;
  updated: number;
  rejected: OutputRejection[];
}
