import { ALARM_STATES, type AlarmRecord, type AlarmSeverity } from '../schemas/alarms';

/** Severities whose unacknowledged alarms keep sounding until someone acknowledges them. */
export const REPEATING_SEVERITIES: ReadonlySet<AlarmSeverity> = new Set(['high', 'critical']);

export interface ToneTiming {
  /** Alarms arriving within this long of a tone share it (a catch-up flood makes one tone, not fifty). */
  minGapMs: number;
  /** How often a still-unacknowledged high or critical alarm sounds again. */
  repeatMs: number;
}

export const DEFAULT_TONE_TIMING: Readonly<ToneTiming> = Object.freeze({ minGapMs: 1_000, repeatMs: 10_000 });

/**
 * Decides when the annunciator beeps. Only alarms that arrive live sound: the records present when it
 * starts (and any list loaded later with `ignore`) were raised before anyone was watching and only
 * flash. Framework-free so the console's bell and the kiosk's widgets decide alike.
 */
export class ToneDecider {
  /** Every id seen so far: a record sounds at most once as new. */
  private readonly known = new Set<number>();
  /** Ids that arrived live: only these repeat. */
  private readonly live = new Set<number>();
  private lastToneAt = Number.NEGATIVE_INFINITY;

  constructor(
    snapshot: readonly AlarmRecord[] = [],
    private readonly timing: ToneTiming = DEFAULT_TONE_TIMING,
  ) {
    this.ignore(snapshot);
  }

  /** Records that were already there (a snapshot or a list loaded on demand): they never sound. */
  ignore(records: readonly Pick<AlarmRecord, 'id'>[]): void {
    for (const record of records) this.known.add(record.id);
  }

  /**
   * Called with the current unacknowledged records whenever they change and on a periodic tick;
   * true when a tone should play now. Muted, nothing plays but new records still count as seen,
   * so unmuting does not replay them.
   */
  next(unacknowledged: readonly AlarmRecord[], now: number, muted: boolean): boolean {
    let arrived = false;
    for (const record of unacknowledged) {
      if (record.processingState !== ALARM_STATES.new || this.known.has(record.id)) continue;
      this.known.add(record.id);
      this.live.add(record.id);
      arrived = true;
    }
    if (muted || now - this.lastToneAt < this.timing.minGapMs) return false;
    const repeatDue = now - this.lastToneAt >= this.timing.repeatMs && unacknowledged.some((record) => this.repeats(record));
    if (!arrived && !repeatDue) return false;
    this.lastToneAt = now;
    return true;
  }

  private repeats(record: AlarmRecord): boolean {
    return record.processingState === ALARM_STATES.new && this.live.has(record.id) && REPEATING_SEVERITIES.has(record.severity);
  }
}
