/** The reports' fixed vocabulary: what a definition may ask for, the output formats, the limits. */

/**
 * What a report's rows (or, with period rows, its column groups) are. Rooms are prepaid rooms (their meters over
 * time); lines are production lines (their meters × allocation ratio, and their output records); ships are the
 * fleet's ships (their fuel entries, fuel flow meters and voyage legs).
 */
export const REPORT_OBJECT_KINDS = ['meter', 'department', 'subitem', 'room', 'line', 'ship'] as const;
export type ReportObjectKind = (typeof REPORT_OBJECT_KINDS)[number];

/** Period grains; a week runs Monday to Sunday, all in TIME_ZONE. */
export const REPORT_GRAINS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type ReportGrain = (typeof REPORT_GRAINS)[number];

/**
 * Metrics of a metric column, each over one period and one object:
 * - energy: energy in the period (kWh, m³…; ÷ unitScale); cost: priced energy in minor units (shown as money);
 * - bandEnergy / bandCost: the same for one time-of-use band (`band` required);
 * - maxDemand / minDemand: the largest / smallest 15-minute demand in kW (interval energy × 4), meters and departments;
 * - registerStart / registerEnd: the meter's register at the period's start / end (meters only);
 * - alarmCount: alarms raised in the period on the object (`alarmKind` optional);
 * - charges / topUps / balance: a room's prepaid charges and top-ups in the period (minor units) and its balance at the period's end;
 * - output: a production line's standard output in the period (Σ quantity × the product's standard coefficient);
 * - sec: a line's specific energy consumption, energy ÷ standard output (kWh or m³ per standard unit, never scaled);
 * - fuel / co2: a ship's fuel burnt in the period in tonnes and the CO₂ it emitted in tonnes (Σ tonnes × the fuel's
 *   Cf), of one fuel type (`fuel`) or of all; distance: nautical miles its voyage legs sailed in the period.
 */
export const REPORT_METRICS = [
  'energy',
  'cost',
  'bandEnergy',
  'bandCost',
  'maxDemand',
  'minDemand',
  'registerStart',
  'registerEnd',
  'alarmCount',
  'charges',
  'topUps',
  'balance',
  'output',
  'sec',
  'fuel',
  'co2',
  'distance',
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

/** Metrics of rooms only, and metrics that rooms do not have. */
export const ROOM_ONLY_METRICS: readonly ReportMetric[] = ['charges', 'topUps', 'balance'];
export const METER_ONLY_METRICS: readonly ReportMetric[] = ['registerStart', 'registerEnd'];
export const BAND_METRICS: readonly ReportMetric[] = ['bandEnergy', 'bandCost'];
/** Metrics of production lines only, and every metric a line has. Output is recorded per day: no hourly figures. */
export const LINE_ONLY_METRICS: readonly ReportMetric[] = ['output', 'sec'];
export const LINE_METRICS: readonly ReportMetric[] = ['energy', 'cost', 'bandEnergy', 'bandCost', ...LINE_ONLY_METRICS];
/**
 * Every metric a ship has, each a ship's only: its fuel flow meters count fuel (litres, m³), not energy, so a ship
 * has no energy, cost or band figures. Fuel entries are per day: no hourly figures.
 */
export const SHIP_METRICS: readonly ReportMetric[] = ['fuel', 'co2', 'distance'];
/** Metrics a column may narrow to one fuel type (`fuel`); without it they count every fuel. */
export const FUEL_METRICS: readonly ReportMetric[] = ['fuel', 'co2'];
export const MONEY_METRICS: readonly ReportMetric[] = ['cost', 'bandCost', 'charges', 'topUps', 'balance'];

/** previous: the period just before, of the same length (MoM for a month); lastYear: a year earlier (YoY); base: the definition's base period. */
export const COMPARE_MODES = ['previous', 'lastYear', 'base'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];
/** What a compared column shows: the base value, the change (value − base) or the change in percent of the base. */
export const COMPARE_SHOWS = ['value', 'delta', 'percent'] as const;
export type CompareShow = (typeof COMPARE_SHOWS)[number];

/** difference a − b, ratio a ÷ b, share a ÷ (a's total over the data rows), sum a + b. */
export const FORMULA_OPS = ['difference', 'ratio', 'share', 'sum'] as const;
export type FormulaOp = (typeof FORMULA_OPS)[number];

export const REPORT_LAYOUTS = ['objectRows', 'periodRows'] as const;
export type ReportLayout = (typeof REPORT_LAYOUTS)[number];
export const REPORT_GROUPINGS = ['none', 'department', 'energyType'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The period a run covers, relative to the day it runs on (TIME_ZONE), or a custom range. */
export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisYear',
  'lastYear',
  'last7Days',
  'last30Days',
  'custom',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const REPORT_FORMATS = ['xlsx', 'pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_LANGS = ['en', 'zh', 'es'] as const;
export type ReportLang = (typeof REPORT_LANGS)[number];
export const PAPER_SIZES = ['A4', 'A3'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
export const PAPER_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type PaperOrientation = (typeof PAPER_ORIENTATIONS)[number];
export const CHART_TYPES = ['none', 'bar', 'line'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const RUN_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type RunState = (typeof RUN_STATES)[number];

export const SCHEDULE_CADENCES = ['daily', 'weekly', 'monthly', 'cron'] as const;
export type ScheduleCadence = (typeof SCHEDULE_CADENCES)[number];
export const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The shipped templates (shared/reports/templates.ts), by key. */
export const REPORT_TEMPLATE_KEYS = [
  'dailyEnergy',
  'monthlyDepartmentCost',
  'bandStatement',
  'meterReadings',
  'alarmSummary',
  'roomStatement',
  'fleetFuel',
] as const;
export type ReportTemplateKey = (typeof REPORT_TEMPLATE_KEYS)[number];

/** Limits that keep one report's work bounded. */
export const REPORT_LIMITS = {
  /** columns a definition lists (before a split by period repeats them) */
  columns: 40,
  /** objects a definition names ([] = every object of its kind in the caller's tree) */
  objects: 5000,
  /** data cells of one generated table (rows × value columns) */
  cells: 400_000,
  /** value columns after a split by period */
  splitColumns: 400,
  /** days an hourly report may cover */
  hourDays: 31,
  /** days any report may cover */
  days: 3660,
} as const;

/** Generated files older than this many days are deleted (settable on /report/reportList). */
export const DEFAULT_RETENTION_DAYS = 90;
/** A file at most this large is attached to the e-mail; a larger one is sent as a public link. */
export const ATTACH_MAX_BYTES = 5 * 1024 * 1024;
/** A delivery is tried at most this many times (1 min, 5 min, 30 min apart). */
export const DELIVERY_ATTEMPTS = 4;
/** Public report sheets: default and longest life of a link, in days. */
export const LINK_DEFAULT_DAYS = 30;
export const LINK_MAX_DAYS = 366;

/** The public page of a report link (outside the console shell, no account needed). */
export const REPORT_SHEET_PATH = '/report-sheet';
/** Its query parameter holding the link's token. */
export const REPORT_SHEET_TOKEN_PARAM = 'token';

/** Utility-bill analysis: the uploaded PDF's size limit and the default tolerance of the meter comparison. */
export const BILL_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const BILL_DEFAULT_TOLERANCE_PERCENT = 2;
/** Fields an extraction template can read from a bill's text. */
export const BILL_FIELDS = [
  'account',
  'periodStart',
  'periodEnd',
  'totalEnergy',
  'totalAmount',
  'demandCharge',
  'sharpEnergy',
  'sharpPrice',
  'sharpAmount',
  'peakEnergy',
  'peakPrice',
  'peakAmount',
  'flatEnergy',
  'flatPrice',
  'flatAmount',
  'valleyEnergy',
  'valleyPrice',
  'valleyAmount',
  'deepValleyEnergy',
  'deepValleyPrice',
  'deepValleyAmount',
] as const;
export type BillField = (typeof BILL_FIELDS)[number];
export const BILL_ANALYSIS_STATES = ['ok', 'flagged', 'noText', 'incomplete'] as const;
export type BillAnalysisState = (typeof BILL_ANALYSIS_STATES)[number];
