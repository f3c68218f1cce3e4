import { z } from 'zod';
import { BAND_TYPES, type BandType } from '../tariffs/bands';
import { calendarDateIssue } from './dates';
import { text } from './text';

/**
 * Settlement (/settlement/*): energy and cost per department or meter, energy type and time-of-use
 * band over a period, tier adders, common-area apportionment, month closes with versions and diffs, exports.
 * Money is always integer minor units (fen, cents); prices are micro-units (millionths of the currency).
 */

const day = z.string().superRefine((value, ctx) => {
  const issue = calendarDateIssue(value);
  if (issue === 'shape') ctx.addIssue({ code: 'custom', message: 'Enter a date as YYYY-MM-DD' });
  else if (issue === 'calendar') ctx.addIssue({ code: 'custom', message: 'Date must be a real calendar date' });
  else if (issue === 'range') ctx.addIssue({ code: 'custom', message: 'Date must be between 1900-01-01 and 2100-12-31' });
});
export const monthText = z.string().regex(/^(19|20|21)\d\d-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM');
const idList = z
  .union([z.string(), z.array(z.coerce.number())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',').filter((part) => part.trim() !== '')).map(Number))
  .pipe(z.array(z.number().int().positive('Enter positive ids separated by commas')).max(2000));

export const SETTLEMENT_BY = ['department', 'meter'] as const;
export type SettlementBy = (typeof SETTLEMENT_BY)[number];
export const COMPARE_MODES = ['previous', 'lastYear'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

/** GET /api/settlement: a month, or a from/to range of local days (inclusive, at most 366 days). */
export const settlementQuerySchema = z
  .object({
    month: monthText.optional(),
    from: day.optional(),
    to: day.optional(),
    by: z.enum(SETTLEMENT_BY).default('department'),
    departmentIds: idList.optional(),
    meterIds: idList.optional(),
    /** base period: the previous period of the same length (previous month for a month) or the same period a year before */
    compare: z.enum(COMPARE_MODES).optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.month && !(q.from && q.to)) ctx.addIssue({ code: 'custom', path: ['month'], message: 'Give a month or both from and to' });
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  });
export type SettlementQuery = z.input<typeof settlementQuerySchema>;

/** One band of one line. `priceMicro` is the band's price, or the energy-weighted mean when several prices applied. */
export interface SettlementBandCell {
  band: BandType;
  energy: number;
  estimated: number;
  priceMicro: number | null;
  /** more than one price applied to this band in the period (seasons, versions) */
  mixedPrices: boolean;
  costMinor: number;
}

/** One month's tier adder of one tariff on one line: units beyond each step × the step's adder. */
export interface SettlementTierPart {
  month: string;
  tariffId: number;
  versionId: number;
  /** the line's energy on that tariff in the month (within the period) */
  monthEnergy: number;
  steps: { fromUnits: number; adderMicro: number; units: number }[];
}

export interface SettlementApportionItem {
  ruleId: number;
  ruleName: string;
  method: 'area' | 'consumption' | 'fixed';
  sourceDepartmentId: number;
  sourceName: string;
  /** 'in': this line receives a share; 'out': this line is the common area giving its energy away */
  direction: 'in' | 'out';
  /** 0..1 of the source's energy and cost */
  share: number;
  energy: number;
  costMinor: number;
}

export interface SettlementLine {
  /** `department:5:electricity` / `meter:12:water`: stable across periods (compare, diff) */
  key: string;
  scope: SettlementBy;
  id: number;
  code: string;
  name: string;
  /** departments: the parent department; meters: the meter's department */
  parentId: number | null;
  /** a department whose ancestor is also a line: shown indented, left out of the totals (its energy is in the ancestor's) */
  nested: boolean;
  energyType: string;
  unit: string;
  bands: SettlementBandCell[];
  unpricedEnergy: number;
  tier: { costMinor: number; parts: SettlementTierPart[] };
  apportioned: { energy: number; costMinor: number; items: SettlementApportionItem[] };
  /** own metered energy: Σ bands + unpriced */
  energy: number;
  /** own cost: Σ band costs + tier adder */
  costMinor: number;
  /** energy + apportioned energy */
  totalEnergy: number;
  /** cost + apportioned cost */
  totalCostMinor: number;
  estimated: number;
  base?: SettlementBase;
}

export interface SettlementBase {
  totalEnergy: number;
  totalCostMinor: number;
  deltaEnergy: number;
  deltaCostMinor: number;
}

export interface SettlementTotal {
  energyType: string;
  unit: string;
  bands: SettlementBandCell[];
  unpricedEnergy: number;
  tierCostMinor: number;
  apportionedEnergy: number;
  apportionedCostMinor: number;
  energy: number;
  costMinor: number;
  totalEnergy: number;
  totalCostMinor: number;
  estimated: number;
  base?: SettlementBase;
}

export interface SettlementTariffVersion {
  id: number;
  tariffId: number;
  tariffName: string;
  validFrom: string;
  validTo: string | null;
  currency: string;
}

export interface SettlementFigures {
  from: string;
  to: string;
  by: SettlementBy;
  timeZone: string;
  lines: SettlementLine[];
  totals: SettlementTotal[];
  tariffVersions: SettlementTariffVersion[];
  /** set when the answer is a closed month's snapshot rather than live figures */
  closed: { snapshotId: number; month: string; version: number; closedAt: number; closedBy: string | null } | null;
  compare: { mode: CompareMode; from: string; to: string } | null;
}

// ---- month closes ----
export const settlementCloseSchema = z.object({ month: monthText });
export const settlementReopenSchema = z.object({ reason: text().trim().min(1, 'Give a reason for reopening').max(500) });
export const settlementClosesQuerySchema = z.object({ month: monthText.optional() });

export interface SettlementDiffEntry {
  key: string;
  name: string;
  energyType: string;
  /** a band, or 'tier', 'apportioned', 'unpriced', 'total' */
  part: BandType | 'unpriced' | 'tier' | 'apportioned' | 'total';
  energyBefore: number;
  energyAfter: number;
  costMinorBefore: number;
  costMinorAfter: number;
}

export interface SettlementClose {
  id: number;
  month: string;
  version: number;
  state: 'closed' | 'reopened';
  closedBy: string | null;
  closedAt: number;
  reopenedBy: string | null;
  reopenedAt: number | null;
  reopenReason: string | null;
  tariffVersions: SettlementTariffVersion[];
  /** against the previous version; null for the first */
  diff: SettlementDiffEntry[] | null;
  totals: SettlementTotal[];
}

// ---- apportionment rules ----
export const APPORTION_METHODS = ['area', 'consumption', 'fixed'] as const;
export const apportionRuleSchema = z
  .object({
    name: text().trim().min(1, 'Enter a name').max(60),
    energyType: z.enum(['electricity', 'water', 'gas']),
    sourceDepartmentId: z.number().int().positive(),
    method: z.enum(APPORTION_METHODS),
    /** m² for area, a ratio for fixed; for consumption only the departments count */
    shares: z
      .array(z.object({ departmentId: z.number().int().positive(), value: z.number().min(0).max(1e9).default(0) }))
      .min(1, 'Name at least one receiving department')
      .max(500),
  })
  .superRefine((rule, ctx) => {
    const ids = rule.shares.map((s) => s.departmentId);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['shares'], message: 'A department is named twice' });
    if (ids.includes(rule.sourceDepartmentId))
      ctx.addIssue({ code: 'custom', path: ['shares'], message: 'The common-area department cannot receive its own energy' });
    if (rule.method !== 'consumption' && !rule.shares.some((s) => s.value > 0))
      ctx.addIssue({
        code: 'custom',
        path: ['shares'],
        message: rule.method === 'area' ? 'Give at least one area above 0 m²' : 'Give at least one ratio above 0',
      });
  });
export type ApportionRuleInput = z.input<typeof apportionRuleSchema>;
export interface ApportionRule {
  id: number;
  name: string;
  energyType: string;
  sourceDepartmentId: number;
  method: (typeof APPORTION_METHODS)[number];
  shares: { departmentId: number; value: number }[];
  createdAt: number;
}

// ---- exports ----
export const settlementExportSchema = z
  .object({
    month: monthText.optional(),
    from: day.optional(),
    to: day.optional(),
    by: z.enum(SETTLEMENT_BY).default('department'),
    departmentIds: z.array(z.number().int().positive()).max(2000).optional(),
    format: z.enum(['xlsx', 'csv']),
    lang: z.enum(['en', 'zh', 'es']).default('en'),
  })
  .superRefine((q, ctx) => {
    if (!q.month && !(q.from && q.to)) ctx.addIssue({ code: 'custom', path: ['month'], message: 'Give a month or both from and to' });
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  });
export type SettlementExportRequest = z.input<typeof settlementExportSchema>;
export interface SettlementExportJob {
  id: string;
  state: 'running' | 'done' | 'failed';
  format: 'xlsx' | 'csv';
  fileName: string;
  /** 0..1 */
  progress: number;
  error: string | null;
}

export { BAND_TYPES };
