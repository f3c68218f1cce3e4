import { reaction } from 'mobx';
import type { AlarmActionQuery, AlarmsApi } from '@shared/api/alarmsApi';
import type { AlarmActionEntry, AlarmActionKind, AlarmKind } from '@shared/schemas/alarms';
import type { AlarmStore } from '@shared/stores/alarmStore';
import { PagedQuery, type PageParams } from '../../../lists/PagedQuery';

export interface AlarmLogFilters {
  action?: AlarmActionKind | undefined;
  kind?: AlarmKind | undefined;
  actor?: string | undefined;
  /** [from, to] epoch ms, one filter so a new range queries once. */
  range?: [number, number] | undefined;
}

export type AlarmLog = PagedQuery<AlarmLogFilters, AlarmActionEntry>;

/** The GET /api/alarm-actions query of the logbook's filters. */
export function alarmLogQuery({ range, actor, ...rest }: AlarmLogFilters & PageParams): AlarmActionQuery {
  const name = actor?.trim();
  return { ...rest, ...(name ? { actor: name } : {}), ...(range ? { from: range[0], to: range[1] } : {}) };
}

/** The logbook: who did what to which alarm, and when, newest first. */
export const createAlarmLog = (api: Pick<AlarmsApi, 'actions'>): AlarmLog => new PagedQuery((query) => api.actions(alarmLogQuery(query)), {});

/** Every raise and change of a record is a new logbook line: the first page is asked again when one arrives. */
export function watchAlarmLog(log: AlarmLog, alarms: Pick<AlarmStore, 'recent'>): () => void {
  return reaction(
    () => alarms.recent,
    () => {
      if (log.page === 1) void log.load();
    },
  );
}
