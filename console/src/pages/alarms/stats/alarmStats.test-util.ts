import type { AlarmStats } from '@shared/schemas/alarms';

/** Two days of alarms: 9 in all, one meter with most. */
export const stats: AlarmStats = {
  from: Date.UTC(2026, 10, 19),
  to: Date.UTC(2026, 10, 21),
  total: 9,
  byDay: [
    { day: '2026-11-19', device: 3, error: 1, trouble: 0, offline: 1, balance: 0 },
    { day: '2026-11-20', device: 2, error: 0, trouble: 1, offline: 1, balance: 0 },
  ],
  bySeverity: { low: 1, medium: 2, high: 5, critical: 1 },
  byState: { open: 4, processed: 3, cleared: 2 },
  topSubjects: [{ type: 'meter', id: 11, name: 'M011 Line 1 press', count: 5 }],
  meanAcknowledgeMs: 4 * 60_000 + 10_000,
  meanProcessMs: null,
};
