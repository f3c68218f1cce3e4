import { z } from 'zod';
import { multilineText, text } from './text';

/**
 * Alarms: threshold rules, alarm records and their counts. One contract for the server's
 * validation, the realtime channels and the console's calls.
 */

/**
 * What raised an alarm, matching the alerts menu:
 * - `device`: a threshold rule on a meter, department or sub-item metric was crossed;
 * - `error`: the data is wrong (an implausible register step sent to quarantine);
 * - `trouble`: a gateway went silent (every meter behind it is unreachable);
 * - `offline`: a meter sent no data for the configured number of 15-minute intervals;
 * - `balance`: a prepaid room's balance fell under its level 1 or level 2 threshold or into arrears (subject: the room).
 */
export const ALARM_KINDS = ['device', 'error', 'trouble', 'offline', 'balance'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/**
 * processingState (spec §4: 1 and 2 are the open states).
 * 1 new: raised, nobody has acknowledged it (the console and the wall flash and sound);
 * 2 acknowledged: someone took it on (who and when recorded), still open;
 * 3 processed: closed by a person, with a note;
 * 4 cleared: closed by the system because the condition ended before anyone processed it (only
 *   `offline` and `trouble`: the data came back, nothing is left to do). Threshold and data-error
 *   alarms stay open when the condition ends (ended_at is set): a person must look at them.
 */
export const ALARM_STATES = { new: 1, acknowledged: 2, processed: 3, cleared: 4 } as const;
export type AlarmState = (typeof ALARM_STATES)[keyof typeof ALARM_STATES];
export const OPEN_ALARM_STATES: readonly AlarmState[] = [1, 2];

/**
 * The screens that grant reading and acting on alarm records (the server checks any of them): every
 * alerts screen, the others/alarm statistics and the alarm logbook. A user with none gets no bell.
 */
export const ALARM_SCREENS = [
  '/alerts/devices',
  '/alerts/error',
  '/alerts/trouble',
  '/alerts/offline',
  '/alerts/batch',
  '/others/alarm',
  '/alarm-management/message',
  '/pay/room',
] as const;

/** The alerts list each kind of alarm is handled in. */
export const ALARM_SCREEN_OF_KIND: Readonly<Record<AlarmKind, string>> = {
  device: '/alerts/devices',
  error: '/alerts/error',
  trouble: '/alerts/trouble',
  offline: '/alerts/offline',
  balance: '/pay/room',
};

export const ALARM_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** Offline alarm after this many silent 15-minute intervals unless ALARM_OFFLINE_INTERVALS says otherwise. */
export const DEFAULT_OFFLINE_INTERVALS = 2;

const id = z.coerce.number().int().positive();
const epochMs = z.coerce.number().int().min(0, 'must be a time (epoch ms)');
const stateList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z.array(z.coerce.number().int().min(1).max(4)).min(1).max(4),
);

// ---- threshold rules (devices/power-thresholds, alarm-management/threshold) ----
export const THRESHOLD_SCOPES = ['meter', 'department', 'subitem'] as const;
export type ThresholdScope = (typeof THRESHOLD_SCOPES)[number];

/**
 * A threshold rule. `over`/`under` (at least one) are the limits in the metric's unit; the alarm is
 * raised when the value stays beyond a limit for `durationS` seconds and ends only when it is back
 * inside by `hysteresis` (same unit). Department and sub-item rules watch the 15-minute energy (`energy`)
 * or the summed power (`kw`) of their meters.
 */
export const thresholdRuleSchema = z
  .object({
    name: text().trim().min(1, 'required').max(64),
    scope: z.enum(THRESHOLD_SCOPES),
    scopeId: id,
    metric: text().trim().min(1).max(32),
    over: z.number().finite().nullable().default(null),
    under: z.number().finite().nullable().default(null),
    durationS: z.number().int().min(0).max(86_400).default(0),
    hysteresis: z.number().finite().min(0).default(0),
    severity: z.enum(ALARM_SEVERITIES).default('medium'),
    enabled: z.boolean().default(true),
  })
  .refine((rule) => rule.over !== null || rule.under !== null, { message: 'set an upper or a lower limit', path: ['over'] })
  .refine((rule) => rule.over === null || rule.under === null || rule.under < rule.over, {
    message: 'the lower limit must be below the upper limit',
    path: ['under'],
  });
export type ThresholdRuleInput = z.input<typeof thresholdRuleSchema>;
export type ThresholdRuleBody = z.output<typeof thresholdRuleSchema>;
export interface ThresholdRule extends ThresholdRuleBody {
  id: number;
  /** Display name of the meter, department or sub-item. */
  scopeName: string;
  unit: string;
}

/** GET /api/alarm-rules/suggest: the knee point (spec §9) of a meter metric's recent values. */
export const thresholdSuggestQuerySchema = z.object({
  meterId: id,
  metric: text().trim().min(1).max(32),
  days: z.coerce.number().int().min(1).max(92).default(30),
});
export interface ThresholdSuggestion {
  /** Suggested upper limit, null when the history has too few non-zero values. */
  over: number | null;
  /** Values the helper looked at (non-zero, sorted). */
  sampleSize: number;
  unit: string;
}

// ---- alarm records ----
export interface AlarmRecord {
  id: number;
  kind: AlarmKind;
  severity: AlarmSeverity;
  processingState: AlarmState;
  /** What the alarm is about: a meter, department, sub-item or gateway. */
  subject: { type: 'meter' | 'department' | 'subitem' | 'gateway' | 'room'; id: number; code: string | null; name: string };
  ruleId: number | null;
  metric: string | null;
  /** The value that raised it and the limit it crossed (threshold alarms), else null. */
  value: number | null;
  limit: number | null;
  /** Plain text, never HTML: "kw 512.3 over 500 for 60 s". */
  message: string;
  raisedAt: number;
  /** When the condition ended (value back inside the limit, data back), null while it lasts. */
  endedAt: number | null;
  /** Times the same condition was raised again while this record was open (kept on one record). */
  repeatCount: number;
  lastRepeatAt: number | null;
  acknowledgedBy: string | null;
  acknowledgedAt: number | null;
  processedBy: string | null;
  processedAt: number | null;
  note: string | null;
}

/** GET /api/alarm-records: filters and pagination (all optional except paging defaults). */
export const alarmRecordQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  kind: z.enum(ALARM_KINDS).optional(),
  processingState: stateList.optional(),
  meterId: id.optional(),
  departmentId: id.optional(),
  severity: z.enum(ALARM_SEVERITIES).optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
  keyword: text().trim().max(64).optional(),
  /** Only records with id above this one (a reconnecting client's catch-up), oldest first. */
  afterId: z.coerce.number().int().min(0).optional(),
});
export type AlarmRecordQuery = z.input<typeof alarmRecordQuerySchema>;
export interface AlarmRecordPage {
  total: number;
  rows: AlarmRecord[];
}

/** POST /api/alarm-records/alarm-total-count (spec §7): `{ processingState: 1 | 2 | [1, 2] }`. */
export const alarmCountQuerySchema = z.object({ processingState: stateList.default([1, 2]) });
/** Same shape as shared/stores/alarmStore AlarmCounts. */
export interface AlarmTotalCount {
  total: number;
  deviceCount: number;
  errorCount: number;
  troubleCount: number;
  offlineCount: number;
}

/** POST /api/alarm-records/repeat-data-count: how much repetition the open (or given) alarms carry. */
export const repeatCountQuerySchema = z.object({ processingState: stateList.default([1, 2]), kind: z.enum(ALARM_KINDS).optional() });
export interface AlarmRepeatCount {
  /** Records raised again at least once while open. */
  records: number;
  /** Sum of their repeat counts. */
  repeats: number;
}

/** POST /api/alarm-records/acknowledge and /process (alerts/batch handles many at once). */
export const alarmActionSchema = z.object({
  ids: z.array(id).min(1, 'choose at least one alarm').max(500),
  note: multilineText().trim().max(500).optional(),
});
export interface AlarmActionResult {
  /** Records changed. */
  changed: number[];
  /** Records left as they were, with the reason ("already processed"). */
  skipped: { id: number; reason: string }[];
}

// ---- realtime channels (socket.io) ----
/**
 * Channel names a client may subscribe to (`subscribe` / `unsubscribe` events with `{ channel }`):
 * - `alarms:counts` → snapshot and updates of AlarmTotalCount for the open states, in the user's tree;
 * - `alarms:new` → each raised or changed AlarmRecord; subscribe with `{ channel, afterId }` to get the
 *   ones missed while disconnected first;
 * - `meter:<id>:latest` → the meter's latest values `{ ts, values: { code: value } }`.
 */
export const ALARM_COUNTS_CHANNEL = 'alarms:counts';
export const ALARM_EVENTS_CHANNEL = 'alarms:new';
export const meterLatestChannel = (meterId: number): string => `meter:${meterId}:latest`;

// ---- alarm action log (alarm-management/message) ----
/** Everything that happened to alarm records, with who did it: the control room's logbook. */
export const ALARM_ACTIONS = ['raised', 'repeated', 'acknowledged', 'processed', 'ended', 'cleared'] as const;
export type AlarmActionKind = (typeof ALARM_ACTIONS)[number];
export interface AlarmActionEntry {
  id: number;
  recordId: number;
  action: AlarmActionKind;
  /** Username of the person; null for what the system did (raised, repeated, ended, cleared). */
  actor: string | null;
  note: string | null;
  at: number;
  /** The record it belongs to, for the list. */
  kind: AlarmKind;
  severity: AlarmSeverity;
  subjectName: string;
  message: string;
}
/** GET /api/alarm-actions */
export const alarmActionQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  action: z.enum(ALARM_ACTIONS).optional(),
  kind: z.enum(ALARM_KINDS).optional(),
  recordId: id.optional(),
  actor: text().trim().max(64).optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
});
export interface AlarmActionPage {
  total: number;
  rows: AlarmActionEntry[];
}

// ---- alarm statistics (others/alarm) ----
/** GET /api/alarm-records/stats: alarms raised in [from, to) (default: the last 30 days). */
export const alarmStatsQuerySchema = z.object({ from: epochMs.optional(), to: epochMs.optional(), kind: z.enum(ALARM_KINDS).optional() });
export interface AlarmStats {
  from: number;
  to: number;
  total: number;
  /** One entry per calendar day (TIME_ZONE) in the range, oldest first, zeros included. */
  byDay: { day: string; device: number; error: number; trouble: number; offline: number; balance: number }[];
  bySeverity: Record<AlarmSeverity, number>;
  byState: { open: number; processed: number; cleared: number };
  /** The ten subjects with most alarms (repeats counted). */
  topSubjects: { type: AlarmRecord['subject']['type']; id: number; name: string; count: number }[];
  /** Mean time from raise to acknowledgement / to processing, null when none in range. */
  meanAcknowledgeMs: number | null;
  meanProcessMs: number | null;
}
