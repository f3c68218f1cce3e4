import type { AlarmSeverity } from '../schemas/alarms';

/** The part of the Web Audio API the tone uses; tests hand in a stub. */
export type ToneAudioContext = Pick<AudioContext, 'state' | 'currentTime' | 'destination' | 'resume' | 'createOscillator' | 'createGain' | 'addEventListener'>;

/** played: scheduled on a running context; blocked: the browser holds audio until a user gesture; unsupported: no Web Audio. */
export type ToneOutcome = 'played' | 'blocked' | 'unsupported';

interface Pulse {
  hz: number;
  at: number;
}

/** Two high pulses for high and critical alarms, one lower pulse otherwise: told apart without looking. */
const PULSES: Record<AlarmSeverity, Pulse[]> = {
  low: [{ hz: 660, at: 0 }],
  medium: [{ hz: 660, at: 0 }],
  high: [
    { hz: 880, at: 0 },
    { hz: 880, at: 0.25 },
  ],
  critical: [
    { hz: 988, at: 0 },
    { hz: 988, at: 0.25 },
  ],
};
const PULSE_S = 0.18;
const VOLUME = 0.2;

const browserContext = (): ToneAudioContext | null => (typeof AudioContext === 'function' ? new AudioContext() : null);

/**
 * A short synthesized beep (an oscillator, no audio file). The context is made on the first tone:
 * browsers keep a context made before any user gesture suspended, so `blocked` tells the UI to ask
 * for a click, and `unlock()` (called from that click) resumes it.
 */
export class AlarmTone {
  private context: ToneAudioContext | null | undefined;

  constructor(
    private readonly createContext: () => ToneAudioContext | null = browserContext,
    /** Told whenever the context starts or stops running (a gesture elsewhere may unlock it). */
    private readonly onRunningChange: (running: boolean) => void = () => undefined,
  ) {}

  play(severity: AlarmSeverity): ToneOutcome {
    const context = this.ensureContext();
    if (!context) return 'unsupported';
    if (context.state !== 'running') {
      // Allowed when the page already had a gesture; otherwise it stays pending until one.
      void context.resume().catch(() => undefined);
      return 'blocked';
    }
    for (const pulse of PULSES[severity]) this.beep(context, pulse);
    return 'played';
  }

  /** From a user gesture: resumes a suspended context. True when audio can play. */
  async unlock(): Promise<boolean> {
    const context = this.ensureContext();
    if (!context) return false;
    if (context.state !== 'running') await context.resume().catch(() => undefined);
    return context.state === 'running';
  }

  private ensureContext(): ToneAudioContext | null {
    if (this.context === undefined) {
      this.context = this.createContext();
      this.context?.addEventListener('statechange', () => this.onRunningChange(this.context?.state === 'running'));
    }
    return this.context;
  }

  private beep(context: ToneAudioContext, { hz, at }: Pulse): void {
    const start = context.currentTime + at;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(hz, start);
    // A quick attack and decay: no click at either end.
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(VOLUME, start + 0.02);
    gain.gain.linearRampToValueAtTime(0, start + PULSE_S);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + PULSE_S + 0.02);
  }
}
