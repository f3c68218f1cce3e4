import { action, computed, makeObservable, observable } from 'mobx';
import type { AlarmRecord } from '@shared/schemas/alarms';
import { alarmRecordsOf, isUnacknowledged, mergeAlarms } from './alarmList';

/** A widget's own bounded list of open alarms, fed by alarms:new readings (the ticker and the mimic keep one each). */
export class AlarmFeedList {
  records: readonly AlarmRecord[] = [];

  constructor(
    private readonly max: number,
    private readonly accept: (record: AlarmRecord) => boolean = () => true,
  ) {
    makeObservable<AlarmFeedList, never>(this, { records: observable.ref, receive: action, unacknowledged: computed });
  }

  /** One alarms:new reading's value (a record, or several). */
  receive(value: unknown): void {
    const incoming = alarmRecordsOf(value);
    if (incoming.length) this.records = mergeAlarms(this.records, incoming, this.max, this.accept);
  }

  get unacknowledged(): AlarmRecord[] {
    return this.records.filter(isUnacknowledged);
  }
}
