import type { MeterDirectoryEntry } from '@shared/board/channels';
import type { AlarmRecord } from '@shared/schemas/alarms';

/** Test and harness data: a meter of the directory. */
export function directoryMeter(id: number, topDepartmentId: number | null, overrides: Partial<MeterDirectoryEntry> = {}): MeterDirectoryEntry {
  return {
    id,
    code: `M${String(id).padStart(3, '0')}`,
    name: `Meter ${id}`,
    energyType: 'electricity',
    departmentId: topDepartmentId,
    departmentPath: topDepartmentId === null ? '' : `Building ${topDepartmentId} / Line ${id}`,
    topDepartmentId,
    online: true,
    ...overrides,
  };
}

/** Test and harness data: an alarm record about a meter. */
export function meterAlarm(id: number, meterId: number, processingState: AlarmRecord['processingState'], overrides: Partial<AlarmRecord> = {}): AlarmRecord {
  return {
    id,
    kind: 'device',
    severity: 'high',
    processingState,
    subject: { type: 'meter', id: meterId, code: `M${meterId}`, name: `Meter ${meterId}` },
    ruleId: 1,
    metric: 'kw',
    value: 512.3,
    limit: 500,
    message: 'kw 512.3 over 500 for 60 s',
    raisedAt: 1_700_000_000_000 + id * 1000,
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
