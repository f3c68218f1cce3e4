import { z } from 'zod';
import { multilineText, text } from './text';
import { ENERGY_TYPES } from '../resources/meters';

/**
 * The metering read API (server/modules/energy): meter history, rollups, the department balance, the
 * home summary, quarantine, rejected readings, meter replacements and exports. One contract for the
 * server's validation and the console's calls.
 */

export const ROLLUP_GRAINS = ['hour', 'day', 'month'] as const;
export type RollupGrain = (typeof ROLLUP_GRAINS)[number];
export const ROLLUP_SCOPES = ['meter', 'department', 'subitem'] as const;
export type RollupScope = (typeof ROLLUP_SCOPES)[number];

const DAY_MS = 86_400_000;
/** Longest raw-history range one query may cover; longer gives 20003 "Time out of range!". */
export const MAX_HISTORY_RANGE_MS = 92 * DAY_MS;
/** Longest range per rollup grain (hours over a month, days over a year, months over ten years). */
export const MAX_ROLLUP_RANGE_MS: Record<RollupGrain, number> = { hour: 32 * DAY_MS, day: 367 * DAY_MS, month: 3660 * DAY_MS };
/** Points the history chart gets at most; longer ranges are bucketed on the server. */
export const MAX_SERIES_POINTS = 2000;
/** Derived metric: the meter's energy per 15-minute interval (multipliers applied). */
export const INTERVAL_ENERGY_METRIC = 'energy';

/** A query type as callers write it: fields with server defaults may be left out. */
type WithDefaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

const epochMs = z.coerce.number().int().min(0, 'must be a time (epoch ms)');
const id = z.coerce.number().int().positive();
/** `1,2,3` in a query string, or repeated values. */
const idList = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(id).min(1).max(200));

// ---- meter history (base/meterData) ----
export const meterHistoryQuerySchema = z.object({
  meterId: id,
  /** A catalogue metric code (shared/metering/metrics) or `energy` for 15-minute interval energy. */
  metric: text().trim().min(1).max(32),
  from: epochMs,
  to: epochMs,
});
export type MeterHistoryQuery = z.infer<typeof meterHistoryQuerySchema>;

export const meterHistoryPageQuerySchema = meterHistoryQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(5000).default(50),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type MeterHistoryPageQuery = WithDefaults<z.infer<typeof meterHistoryPageQuerySchema>, 'page' | 'size' | 'order'>;

export interface MeterRef {
  id: number;
  code: string;
  name: string;
  energyType: string;
  unit: string;
}

export interface HistoryMetric {
  code: string;
  unit: string;
}

/** GET /api/meter-data/series: points for the chart, bucketed when the range holds more than MAX_SERIES_POINTS. */
export interface MeterSeries {
  meter: MeterRef;
  metric: HistoryMetric;
  /** Raw points in the range (before bucketing). */
  total: number;
  /** Bucket width in ms, 0 when the points are raw. */
  bucketMs: number;
  /** [ts, value]; a bucket holds the average of an instantaneous metric, the last register value, the sum of energy. */
  points: [number, number][];
  /** `energy` metric: the point times (interval or bucket starts) that hold an estimate (a completed gap). */
  estimated?: number[];
}

/** GET /api/meter-data/history: the table, one page of raw points. */
export interface MeterHistoryPage {
  meter: MeterRef;
  metric: HistoryMetric;
  total: number;
  /** `estimated: true` on `energy` rows that hold an estimate (a completed gap). */
  rows: { ts: number; value: number; estimated?: true }[];
}

/** GET /api/meter-data/latest?meterId: every metric's latest value and the meter's online state. */
export interface MeterLatest {
  meter: MeterRef;
  online: boolean;
  lastSeenAt: number | null;
  values: { code: string; unit: string; value: number; ts: number }[];
}

// ---- exports (CSV/XLSX with progress) ----
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const meterExportCreateSchema = meterHistoryQuerySchema.extend({ format: z.enum(EXPORT_FORMATS) });
export type MeterExportCreate = z.infer<typeof meterExportCreateSchema>;

/** POST /api/meter-data/exports → this; poll GET /api/meter-data/exports/:id; then GET …/:id/file. */
export interface ExportJob {
  id: string;
  state: 'running' | 'done' | 'failed';
  format: ExportFormat;
  fileName: string;
  rowsWritten: number;
  totalRows: number;
  /** 0..1 */
  progress: number;
  error: string | null;
}

// ---- rollups (others/*, devices/departRecord, home) ----
export const rollupQuerySchema = z.object({
  scope: z.enum(ROLLUP_SCOPES),
  ids: idList,
  energyType: z.enum(ENERGY_TYPES).default('electricity'),
  grain: z.enum(ROLLUP_GRAINS),
  from: epochMs,
  to: epochMs,
});
export type RollupQuery = WithDefaults<z.infer<typeof rollupQuerySchema>, 'energyType'>;

export interface RollupSeries {
  scopeId: number;
  name: string;
  /** Total over the range. */
  total: number;
  /** Every period of the range in order, 0 where nothing was measured. */
  points: { period: string; energy: number }[];
}

/** GET /api/energy/rollups */
export interface RollupResult {
  scope: RollupScope;
  energyType: string;
  grain: RollupGrain;
  unit: string;
  /** The periods of the range in order: hour = local hour start (epoch ms as text), day YYYY-MM-DD, month YYYY-MM. */
  periods: string[];
  series: RollupSeries[];
}

/** GET /api/energy/ranking: departments or sub-items ranked by energy over a range (top N). */
export const rankingQuerySchema = z.object({
  scope: z.enum(['department', 'subitem']),
  energyType: z.enum(ENERGY_TYPES).default('electricity'),
  grain: z.enum(['day', 'month']).default('day'),
  from: epochMs,
  to: epochMs,
  /** department scope only: rank the children of this department; top-level departments when absent. */
  parentId: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type RankingQuery = WithDefaults<z.infer<typeof rankingQuerySchema>, 'energyType' | 'grain' | 'limit'>;
export interface RankingResult {
  unit: string;
  rows: { scopeId: number; name: string; energy: number; share: number }[];
}

// ---- department balance (others/electricBalance) ----
export const balanceQuerySchema = z.object({
  departmentId: id,
  energyType: z.enum(ENERGY_TYPES).default('electricity'),
  grain: z.enum(ROLLUP_GRAINS),
  from: epochMs,
  to: epochMs,
});
export type BalanceQuery = WithDefaults<z.infer<typeof balanceQuerySchema>, 'energyType'>;

export interface BalancePeriod {
  period: string;
  /** The department's own figure: its main meter when it has one, else the sum below it. */
  parent: number;
  /** Child departments plus the department's own sub-meters. */
  children: number;
  /** parent − children: losses and loads nobody meters (0 without a main meter). */
  unmetered: number;
}

/** GET /api/energy/balance */
export interface BalanceResult {
  department: { id: number; name: string };
  unit: string;
  /** Whether the department has a main meter of this energy type: without one there is nothing to balance. */
  hasMainMeter: boolean;
  mainMeter: { id: number; code: string; name: string } | null;
  /** What "children" is made of, with totals over the range. */
  parts: { kind: 'department' | 'meter'; id: number; name: string; total: number }[];
  periods: BalancePeriod[];
  totals: { parent: number; children: number; unmetered: number; unmeteredShare: number };
}

// ---- home summary (dashboard) ----
/** GET /api/energy/summary */
export interface EnergySummary {
  /** Site totals per energy type: top-level departments summed, so nothing counts twice. */
  totals: {
    energyType: string;
    unit: string;
    today: number;
    yesterday: number;
    /** Yesterday up to the same local time: what today so far is fairly compared with. */
    yesterdaySoFar: number;
    month: number;
    lastMonth: number;
    /** Last month up to the same day and time of month. */
    lastMonthSoFar: number;
  }[];
  /** Electricity today by hour (local hours, epoch ms). */
  todayByHour: { hourStart: number; energy: number }[];
  /** Top five leaf departments (where energy is used) by today's electricity. */
  topDepartments: { id: number; name: string; energy: number }[];
  meters: { total: number; online: number; offline: number };
  gateways: { total: number; online: number };
  /** Implausible steps waiting for an operator (base/check). */
  pendingQuarantine: number;
  /** Readings refused in the last 24 hours. */
  rejectedLastDay: number;
  timeZone: string;
  /** Newest reading stored, epoch ms. */
  lastReadingAt: number | null;
}

// ---- quarantine (base/check) ----
export const QUARANTINE_STATES = ['pending', 'accepted', 'corrected', 'discarded'] as const;
export type QuarantineState = (typeof QUARANTINE_STATES)[number];

export const quarantineQuerySchema = z.object({
  status: z.enum(QUARANTINE_STATES).optional(),
  meterId: id.optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
});
export type QuarantineQuery = WithDefaults<z.infer<typeof quarantineQuerySchema>, 'page' | 'size'>;

export interface QuarantineItem {
  _id: number;
  meter: MeterRef;
  fromTs: number;
  toTs: number;
  /** What the register step claims, in primary units. */
  energy: number;
  /** The most the meter's rating allows in that time. */
  limitEnergy: number;
  rawFrom: number;
  rawTo: number;
  status: QuarantineState;
  correctedEnergy: number | null;
  note: string;
  resolvedBy: string | null;
  resolvedAt: number | null;
  createdAt: number;
}

export const quarantineResolveSchema = z
  .object({
    /** accept: count the claimed energy; correct: count `energy` instead; discard: count nothing. */
    action: z.enum(['accept', 'correct', 'discard']),
    energy: z.number().min(0, 'Energy cannot be negative').max(1e12).optional(),
    note: multilineText().trim().max(500).default(''),
  })
  .refine((body) => body.action !== 'correct' || body.energy !== undefined, { message: 'Please enter the corrected energy', path: ['energy'] });
export type QuarantineResolve = z.input<typeof quarantineResolveSchema>;

export interface AuditEntry {
  _id: number;
  at: number;
  user: string | null;
  action: string;
  entity: string;
  entityId: number | null;
  detail: Record<string, unknown>;
}

// ---- rejected readings (base/check) ----
export const rejectionQuerySchema = z.object({
  source: z.enum(['mqtt', 'http']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
});
export type RejectionQuery = WithDefaults<z.infer<typeof rejectionQuerySchema>, 'page' | 'size'>;
export interface RejectedReadingRow {
  _id: number;
  at: number;
  source: 'mqtt' | 'http';
  gatewaySn: string | null;
  meterCode: string | null;
  reason: string;
}

// ---- meter replacements (base/device) ----
export const meterReplacementSchema = z
  .object({
    replacedAt: z.number().int().min(0),
    oldSerial: text().trim().max(100).default(''),
    newSerial: text().trim().max(100).default(''),
    /** The old meter's register when it was taken out: energy since the last reading is credited. */
    oldFinalReading: z.number().min(0).nullable().default(null),
    /** The new meter's register when it was put in: the next cycle starts from it. */
    newInitialReading: z.number().min(0).default(0),
    note: multilineText().trim().max(500).default(''),
  })
  .refine((body) => body.replacedAt <= Date.now() + 60_000, { message: 'The replacement time cannot be in the future', path: ['replacedAt'] });
export type MeterReplacementInput = z.input<typeof meterReplacementSchema>;
export interface MeterReplacement {
  _id: number;
  meterId: number;
  replacedAt: number;
  oldSerial: string;
  newSerial: string;
  oldFinalReading: number | null;
  newInitialReading: number | null;
  /** Energy credited from the old meter's last reading to its final reading. */
  creditedEnergy: number;
  note: string;
  user: string | null;
}

// ---- gateway MQTT credentials (base/device, gateways tab) ----
export const gatewayCredentialsSchema = z.object({
  mqttUsername: text()
    .trim()
    .min(3, 'At least 3 characters')
    .max(64)
    .regex(/^[\w.@-]+$/, 'Letters, digits and . _ @ - only'),
  mqttPassword: z.string().min(8, 'At least 8 characters').max(128),
});
export type GatewayCredentials = z.infer<typeof gatewayCredentialsSchema>;
