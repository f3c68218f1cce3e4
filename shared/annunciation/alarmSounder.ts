import { action, makeObservable, observable, reaction } from 'mobx';
import { ALARM_SEVERITIES, type AlarmRecord, type AlarmSeverity } from '../schemas/alarms';
import type { AlarmTone } from './alarmTone';
import { loadMuted, saveMuted, type MuteStorage } from './muteSetting';
import { DEFAULT_TONE_TIMING, ToneDecider, type ToneTiming } from './toneDecider';

export interface AlarmSounderOptions {
  /** The unacknowledged records, read inside a MobX reaction (e.g. `() => alarmStore.unacknowledged`). */
  unacknowledged: () => readonly AlarmRecord[];
  tone: Pick<AlarmTone, 'play' | 'unlock'>;
  storage?: MuteStorage;
  now?: () => number;
  /** How often repeats are looked for; well under the repeat interval. */
  tickMs?: number;
  timing?: ToneTiming;
  /** Where any click or key press counts as the gesture that lets audio play (the document). */
  gestureTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

const GESTURES = ['pointerdown', 'keydown'] as const;

/** The worst severity among the records: the tone sounds like the most urgent alarm waiting. */
export const worstSeverity = (records: readonly AlarmRecord[]): AlarmSeverity =>
  records.reduce<AlarmSeverity>(
    (worst, record) => (ALARM_SEVERITIES.indexOf(record.severity) > ALARM_SEVERITIES.indexOf(worst) ? record.severity : worst),
    'low',
  );

/**
 * Sounds the annunciator: watches the unacknowledged alarms, asks the ToneDecider when to beep, keeps
 * the mute choice (saved in localStorage) and whether the browser is holding audio back.
 * `start()` returns the disposer; whoever starts it stops it.
 */
export class AlarmSounder {
  muted: boolean;
  /** A tone was held back until a user gesture: the UI shows its "click to enable sound" hint. */
  soundBlocked = false;
  private decider: ToneDecider | null = null;

  constructor(private readonly options: AlarmSounderOptions) {
    this.muted = loadMuted(options.storage);
    makeObservable(this, { muted: observable, soundBlocked: observable, setMuted: action, setSoundBlocked: action });
  }

  start(): () => void {
    const { unacknowledged, tickMs = 1_000, gestureTarget } = this.options;
    this.decider = new ToneDecider(unacknowledged(), this.options.timing ?? DEFAULT_TONE_TIMING);
    const stopWatching = reaction(unacknowledged, () => this.evaluate());
    const timer = setInterval(() => this.evaluate(), tickMs);
    const onGesture = () => {
      if (this.soundBlocked) void this.enableSound();
    };
    for (const type of GESTURES) gestureTarget?.addEventListener(type, onGesture);
    return () => {
      stopWatching();
      clearInterval(timer);
      for (const type of GESTURES) gestureTarget?.removeEventListener(type, onGesture);
      this.decider = null;
    };
  }

  /** Records shown as already there (an older list loaded on demand): they flash but never sound. */
  ignore(records: readonly Pick<AlarmRecord, 'id'>[]): void {
    this.decider?.ignore(records);
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    saveMuted(muted, this.options.storage);
  }

  setSoundBlocked(blocked: boolean): void {
    this.soundBlocked = blocked;
  }

  /** From a click: lets the browser play audio; the hint goes once it can. */
  async enableSound(): Promise<void> {
    const running = await this.options.tone.unlock();
    this.setSoundBlocked(!running);
  }

  /** Checks once whether a tone is due now (the reaction and the tick call it). */
  evaluate(): void {
    if (!this.decider) return;
    const records = this.options.unacknowledged();
    const now = (this.options.now ?? Date.now)();
    if (!this.decider.next(records, now, this.muted)) return;
    const outcome = this.options.tone.play(worstSeverity(records));
    if (outcome === 'blocked') this.setSoundBlocked(true);
    else if (outcome === 'played' && this.soundBlocked) this.setSoundBlocked(false);
  }
}
