import type { ToneAudioContext } from './alarmTone';

/** A Web Audio stand-in that records the oscillators started; `state` starts as given ('suspended' = no gesture yet). */
export class FakeAudioContext {
  state: AudioContextState;
  currentTime = 2;
  readonly destination = {} as AudioDestinationNode;
  /** Frequency and start time of every oscillator started. */
  readonly started: { hz: number; at: number }[] = [];
  resumeCalls = 0;
  /** Whether resume() succeeds (a gesture happened). */
  gesture = false;
  private readonly listeners: (() => void)[] = [];

  constructor(state: AudioContextState = 'running') {
    this.state = state;
  }

  resume = (): Promise<void> => {
    this.resumeCalls++;
    if (this.gesture && this.state !== 'running') {
      this.state = 'running';
      for (const listener of this.listeners) listener();
    }
    return Promise.resolve();
  };

  addEventListener = (_type: string, listener: () => void): void => {
    this.listeners.push(listener);
  };

  createOscillator = () => {
    let hz = 0;
    const oscillator = {
      type: 'sine',
      frequency: { setValueAtTime: (value: number) => (hz = value) },
      connect: (node: unknown) => node,
      start: (at: number) => this.started.push({ hz, at }),
      stop: () => undefined,
    };
    return oscillator;
  };

  createGain = () => {
    const param = { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined };
    return { gain: param, connect: (node: unknown) => node };
  };

  asContext(): ToneAudioContext {
    return this as unknown as ToneAudioContext;
  }
}
