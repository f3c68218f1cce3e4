import { EventEmitter } from 'node:events';
import type { AlarmRecord } from '@shared/schemas';

/** What the alarm side announces: a new record, or a change of one (acknowledged, processed, ended, repeated). */
export interface AlarmEventMap {
  raised: [record: AlarmRecord];
  changed: [record: AlarmRecord];
}

type AlarmEventName = keyof AlarmEventMap;
type AlarmListener = (record: AlarmRecord) => void;

/**
 * In-process announcements of alarm records. The engine and the action routes emit; the realtime
 * channels listen. Listeners run synchronously and must not throw (a throwing one is isolated and
 * reported, so one broken listener cannot stop the others or the engine).
 */
export class AlarmEvents {
  private readonly emitter = new EventEmitter();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {
    // Every connected console may hold a listener through the realtime side.
    this.emitter.setMaxListeners(0);
  }

  on(event: AlarmEventName, listener: AlarmListener): this {
    this.emitter.on(event, listener);
    return this;
  }

  off(event: AlarmEventName, listener: AlarmListener): this {
    this.emitter.off(event, listener);
    return this;
  }

  emit(event: AlarmEventName, record: AlarmRecord): void {
    for (const listener of this.emitter.listeners(event) as AlarmListener[]) {
      try {
        listener(record);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  listenerCount(event: AlarmEventName): number {
    return this.emitter.listenerCount(event);
  }
}
