import type { AlarmRecord } from '@shared/schemas/alarms';

/** A threshold alarm of meter M011, id-dependent times; the tests patch what they need. */
export const T0 = Date.UTC(2026, 10, 20, 8);

export const alarmRecord = (id: number, patch: Partial<AlarmRecord> = {}): AlarmRecord => ({
  id,
  kind: 'device',
  severity: 'high',
  processingState: 1,
  subject: { type: 'meter', id: 11, code: 'M011', name: 'Line 1 press' },
  ruleId: 3,
  metric: 'kw',
  value: 612.5,
  limit: 500,
  message: 'kw 612.5 over 500 for 0 s',
  raisedAt: T0 + id * 60_000,
  endedAt: null,
  repeatCount: 0,
  lastRepeatAt: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
  processedBy: null,
  processedAt: null,
  note: null,
  ...patch,
});
