import { action, makeObservable, observable, runInAction } from 'mobx';
import type { AlarmSounder } from '@shared/annunciation/alarmSounder';
import { ALARM_STATES, type AlarmActionResult } from '@shared/schemas/alarms';
import type { AlarmStore } from '@shared/stores/alarmStore';
import type { AnnunciationApi } from './annunciationApi';

/**
 * What the bell's list does: acknowledge one or all (the server's `changed` event then updates the
 * store, so nothing is marked here), keep the skipped reasons to show, and load the older
 * unacknowledged alarms the live feed never delivered (raised before the page loaded). No antd here.
 */
export class AcknowledgeController {
  /** Ids being acknowledged right now (their buttons spin). */
  pending: readonly number[] = [];
  /** The last call's refusals, shown until the next call. */
  skipped: AlarmActionResult['skipped'] = [];
  changedCount: number | null = null;

  constructor(
    private readonly api: AnnunciationApi,
    private readonly alarms: Pick<AlarmStore, 'recent' | 'receiveAlarm'>,
    private readonly sounder: Pick<AlarmSounder, 'ignore'>,
  ) {
    makeObservable(this, { pending: observable.ref, skipped: observable.ref, changedCount: observable, clearResult: action });
  }

  async acknowledge(ids: readonly number[]): Promise<void> {
    if (ids.length === 0 || this.pending.length > 0) return;
    runInAction(() => {
      this.pending = [...ids];
      this.skipped = [];
      this.changedCount = null;
    });
    try {
      const result = await this.api.acknowledge([...ids]);
      runInAction(() => {
        this.skipped = result.skipped;
        this.changedCount = result.changed.length;
      });
    } catch {
      // The api client has already shown the failure as a toast.
    } finally {
      runInAction(() => (this.pending = []));
    }
  }

  clearResult(): void {
    this.skipped = [];
    this.changedCount = null;
  }

  /** Adds the unacknowledged alarms the store has not seen; they flash but never sound (raised before anyone watched). */
  async loadWaiting(): Promise<void> {
    let rows;
    try {
      ({ rows } = await this.api.waiting());
    } catch {
      return;
    }
    const known = new Set(this.alarms.recent.map((record) => record.id));
    // A record the live feed already delivered is newer than this list: keep the live one.
    const older = rows.filter((record) => !known.has(record.id) && record.processingState === ALARM_STATES.new);
    this.sounder.ignore(older);
    runInAction(() => {
      for (const record of older) this.alarms.receiveAlarm(record);
    });
  }
}
