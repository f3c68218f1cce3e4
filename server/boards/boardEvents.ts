import { EventEmitter } from 'node:events';
import type { BoardRevision } from '@shared/board/channels';

/** What the boards side announces in this process: a save (new revision) or a deletion. */
export interface BoardEventMap {
  saved: [revision: BoardRevision];
  deleted: [boardId: number];
}

type BoardEventName = keyof BoardEventMap;

/**
 * In-process board announcements; the `board:<id>` channel listens so a wall on this process reloads at
 * once (other processes learn through the channel's 1 s revision poll). A throwing listener is isolated.
 */
export class BoardEvents {
  private readonly emitter = new EventEmitter();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {
    this.emitter.setMaxListeners(0);
  }

  on<E extends BoardEventName>(event: E, listener: (...args: BoardEventMap[E]) => void): () => void {
    this.emitter.on(event, listener as (...args: unknown[]) => void);
    return () => this.emitter.off(event, listener as (...args: unknown[]) => void);
  }

  emit<E extends BoardEventName>(event: E, ...args: BoardEventMap[E]): void {
    for (const listener of this.emitter.listeners(event) as ((...args: BoardEventMap[E]) => void)[]) {
      try {
        listener(...args);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  listenerCount(event: BoardEventName): number {
    return this.emitter.listenerCount(event);
  }
}
