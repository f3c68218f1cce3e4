import { z } from 'zod';
import { multilineText } from './text';

/**
 * Data completion (/settings/completionHistory): gaps in a meter's register readings, completing
 * one by a method (linear, same weekday a week earlier, manual values), the history of completions, undo,
 * and real readings that later replace an estimate. One contract for the server's validation and the
 * console's calls.
 *
 * Routes: GET /api/data-gaps, GET/POST /api/data-completions, POST /api/data-completions/preview,
 * GET/DELETE /api/data-completions/:id.
 */

/** Stored energy is kept per 15-minute interval; completions work on whole intervals. */
export const COMPLETION_INTERVAL_MS = 15 * 60_000;
/** A stretch between two register readings longer than this is a gap (two intervals). */
export const GAP_MIN_MS = 2 * COMPLETION_INTERVAL_MS;
/** The longest range one completion may cover: 31 days of intervals. */
export const MAX_COMPLETION_INTERVALS = 31 * 96;
/** The longest range the gap list scans at once. */
export const MAX_GAP_RANGE_MS = 92 * 86_400_000;

export const COMPLETION_METHODS = ['linear', 'weekday', 'manual'] as const;
export type CompletionMethod = (typeof COMPLETION_METHODS)[number];
export const COMPLETION_STATES = ['active', 'undone', 'replaced'] as const;
export type CompletionState = (typeof COMPLETION_STATES)[number];

const epochMs = z.coerce.number().int().min(0, 'must be a time (epoch ms)');
const id = z.coerce.number().int().positive();
export const QUARTER_HOUR_MESSAGE = 'must be on the quarter hour (a 15-minute interval edge)';
const quarterHour = epochMs.refine((value) => value % COMPLETION_INTERVAL_MS === 0, QUARTER_HOUR_MESSAGE);

// ---- gaps ----
/** GET /api/data-gaps: every meter of the caller's tree when no meterId; default range the last 7 days. */
export const dataGapQuerySchema = z.object({
  meterId: id.optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
});
export type DataGapQuery = z.infer<typeof dataGapQuerySchema>;

export interface DataGap {
  meterId: number;
  meterCode: string;
  meterName: string;
  unit: string;
  /** First whole 15-minute interval of the gap (epoch ms). */
  from: number;
  /** End of its last whole interval (exclusive). */
  to: number;
  /** The register readings on either side; `readingTo` null while the meter is silent. */
  readingFrom: number;
  readingTo: number | null;
  intervals: number;
  /** Energy stored in those intervals now (ingest's flat spread, an estimate, or nothing). */
  energy: number;
  /** True when the meter has been silent since `readingFrom` (the gap runs to now). */
  open: boolean;
  /** The active completion covering this stretch, when there is one. */
  completedBy?: number;
}

// ---- completing ----
const completionFields = {
  meterId: id,
  from: quarterHour,
  to: quarterHour,
  method: z.enum(COMPLETION_METHODS),
  /** manual: one value per 15-minute interval from `from`, in the meter's unit (kWh, m³). */
  values: z.array(z.number().min(0, 'Energy cannot be negative').max(1e12)).max(MAX_COMPLETION_INTERVALS).optional(),
  note: multilineText().trim().max(500).default(''),
};

function checkRange(body: { from: number; to: number; method: CompletionMethod; values?: number[] | undefined }, ctx: z.RefinementCtx): void {
  if (body.to <= body.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    return;
  }
  const intervals = (body.to - body.from) / COMPLETION_INTERVAL_MS;
  if (intervals > MAX_COMPLETION_INTERVALS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `A completion covers at most ${MAX_COMPLETION_INTERVALS} intervals (31 days)` });
  if (body.method === 'manual' && (body.values === undefined || body.values.length !== intervals)) {
    ctx.addIssue({ code: 'custom', path: ['values'], message: `Give one value per 15-minute interval (${intervals})` });
  }
}

/** POST /api/data-completions (and /preview, which computes without writing). */
export const dataCompletionBodySchema = z.object(completionFields).superRefine(checkRange);
export type DataCompletionBody = z.input<typeof dataCompletionBodySchema>;

export interface CompletionInterval {
  start: number;
  /** Energy stored before the completion. */
  before: number;
  /** Energy the completion stored. */
  after: number;
}

/** What a completion would write: POST /api/data-completions/preview. */
export interface CompletionPreview {
  meterId: number;
  from: number;
  to: number;
  method: CompletionMethod;
  /** How the values were found, in English, e.g. "register difference 12.5 kWh spread evenly". */
  basis: string;
  intervals: CompletionInterval[];
  energyBefore: number;
  energyAfter: number;
}

export interface DataCompletion {
  _id: number;
  meter: { id: number; code: string; name: string; unit: string };
  from: number;
  to: number;
  method: CompletionMethod;
  intervals: CompletionInterval[];
  energyBefore: number;
  energyAfter: number;
  state: CompletionState;
  note: string;
  createdBy: string | null;
  createdAt: number;
  undoneBy: string | null;
  undoneAt: number | null;
  replacedAt: number | null;
}

// ---- history ----
export const dataCompletionQuerySchema = z.object({
  meterId: id.optional(),
  state: z.enum(COMPLETION_STATES).optional(),
  /** Completions whose range overlaps [from, to]. */
  from: epochMs.optional(),
  to: epochMs.optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type DataCompletionQuery = z.input<typeof dataCompletionQuerySchema>;

export interface DataCompletionPage {
  total: number;
  rows: DataCompletion[];
}
