import type { AlarmRecord } from '../schemas/alarms';

/** An unacknowledged threshold alarm on meter M011; override what the test is about. */
export function alarmRecord(id: number, overrides: Partial<AlarmRecord> = {}): AlarmRecord {
  return {
    id,
    kind: 'device',
    severity: 'medium',
    processingState: 1,
    subject: { type: 'meter', id: 11, code: 'M011', name: 'Press line 2' },
    ruleId: 3,
    metric: 'kw',
    value: 612.5,
    limit: 500,
    message: 'kw 612.5 over 500 for 0 s',
    raisedAt: Date.UTC(2026, 10, 22, 8, 0, 0),
    endedAt: null,
    repeatCount: 0,
    lastRepeatAt: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
    processedBy: null,
    processedAt: null,
    note: null,
    ...overrides,
  };
}
