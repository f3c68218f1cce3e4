/** GET /api/recompute-jobs and /api/recompute-jobs/:id: a rebuild of band rollups after a tariff, calendar or data change. */
export const RECOMPUTE_REASONS = ['tariff-version', 'calendar', 'assignment', 'correction'] as const;
export type RecomputeReason = (typeof RECOMPUTE_REASONS)[number];
export const RECOMPUTE_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type RecomputeState = (typeof RECOMPUTE_STATES)[number];

export interface RecomputeJob {
  id: number;
  reason: string;
  /** what caused it, as the enqueuing module wrote it (e.g. { tariffId, versionId }) */
  detail: Record<string, unknown>;
  /** meters named by the job; 0 while a job for "every meter concerned" has not started */
  meterCount: number;
  /** local days, inclusive */
  fromDay: string;
  toDay: string;
  state: RecomputeState;
  /** meters done / meters in all */
  done: number;
  total: number;
  error: string | null;
  createdBy: number | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}
