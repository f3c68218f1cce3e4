import type { AlarmKind, AlarmRecord, AlarmRecordQuery, AlarmSeverity, AlarmState } from '@shared/schemas/alarms';

/** The state choices of the lists: what a control room asks for, not the raw numbers. */
export const STATE_VIEWS = ['open', 'all', 'processed', 'cleared'] as const;
export type StateView = (typeof STATE_VIEWS)[number];

const STATES_OF_VIEW: Record<StateView, readonly AlarmState[] | undefined> = {
  open: [1, 2],
  all: undefined,
  processed: [3],
  cleared: [4],
};

export interface AlarmRecordFilters {
  /** Fixed by the screen (alerts/devices …) or chosen (alerts/batch); undefined: every kind. */
  kind?: AlarmKind | undefined;
  stateView: StateView;
  severity?: AlarmSeverity | undefined;
  /** Raised at or after / at or before (epoch ms). */
  from?: number | undefined;
  to?: number | undefined;
  keyword?: string | undefined;
}

export const DEFAULT_RECORD_FILTERS: AlarmRecordFilters = { stateView: 'open' };

/** The GET /api/alarm-records query of the filters and page (empty filters left out). */
export function recordQuery(filters: AlarmRecordFilters, page: number, size: number): AlarmRecordQuery {
  const states = STATES_OF_VIEW[filters.stateView];
  const keyword = filters.keyword?.trim();
  return {
    page,
    size,
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(states ? { processingState: [...states] } : {}),
    ...(filters.severity ? { severity: filters.severity } : {}),
    ...(filters.from !== undefined ? { from: filters.from } : {}),
    ...(filters.to !== undefined ? { to: filters.to } : {}),
    ...(keyword ? { keyword } : {}),
  };
}

/** Does a record pushed live belong in the list as filtered (the server's rules, applied in the browser)? */
export function matchesFilters(record: AlarmRecord, filters: AlarmRecordFilters): boolean {
  const states = STATES_OF_VIEW[filters.stateView];
  if (filters.kind && record.kind !== filters.kind) return false;
  if (states && !states.includes(record.processingState)) return false;
  if (filters.severity && record.severity !== filters.severity) return false;
  if (filters.from !== undefined && record.raisedAt < filters.from) return false;
  if (filters.to !== undefined && record.raisedAt > filters.to) return false;
  const keyword = filters.keyword?.trim().toLowerCase();
  if (keyword) {
    const haystack = [record.message, record.subject.name, record.subject.code ?? ''].join('\n').toLowerCase();
    if (!haystack.includes(keyword)) return false;
  }
  return true;
}
