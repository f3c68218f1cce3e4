import type { AlarmRecord, AlarmTotalCount } from '@shared/schemas/alarms';

export type AlarmEventKind = 'raised' | 'changed';
export type AlarmListener = (record: AlarmRecord) => void;

/** The part of server/alarms' AlarmEvents the channels listen to. */
export interface AlarmEventSource {
  on(kind: AlarmEventKind, listener: AlarmListener): unknown;
  off(kind: AlarmEventKind, listener: AlarmListener): unknown;
}

/** Open-alarm counts for one user's tree (userId) or for everything (null). */
export type CountOpenAlarms = (userId: number | null) => Promise<AlarmTotalCount>;

/** Alarm records after `afterId` (oldest first, at most `limit`), and whether `userId` may see a record. */
export interface AlarmRecordReader {
  after(afterId: number, userId: number | null, limit: number): Promise<AlarmRecord[]>;
  /** The newest records still in state 1 (nobody acknowledged them), oldest first. */
  unacknowledged(userId: number | null, limit: number): Promise<AlarmRecord[]>;
  /** The records in an open state (1 new, 2 acknowledged), newest raised first, at most `limit`. */
  open(userId: number | null, limit: number): Promise<AlarmRecord[]>;
  newestId(): Promise<number>;
  visibleTo(record: AlarmRecord, userId: number): Promise<boolean>;
}

export function listenToAlarms(events: AlarmEventSource, listener: AlarmListener): () => void {
  events.on('raised', listener);
  events.on('changed', listener);
  return () => {
    events.off('raised', listener);
    events.off('changed', listener);
  };
}
