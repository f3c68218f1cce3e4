import { action, computed, makeObservable, observable } from 'mobx';

/** One runtime error the page did not handle. */
export interface ErrorLogEntry {
  id: number;
  kind: 'error' | 'unhandledrejection';
  message: string;
  /** file:line:column for script errors. */
  source: string;
  stack: string;
  /** The page address when it happened. */
  url: string;
  time: number;
}

/** A long-running console keeps only the newest errors. */
export const ERROR_LOG_LIMIT = 100;

type ErrorTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

function describeReason(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack ?? '' };
  if (typeof reason === 'string') return { message: reason, stack: '' };
  try {
    return { message: JSON.stringify(reason) ?? String(reason), stack: '' };
  } catch {
    return { message: String(reason), stack: '' };
  }
}

/**
 * Collects the window's `error` and `unhandledrejection` events for the navbar's error log. The page
 * still reports them to the browser console; this only keeps a copy.
 */
export class ErrorLogStore {
  entries: ErrorLogEntry[] = [];
  private nextId = 1;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly currentUrl: () => string = () => globalThis.location?.href ?? '',
  ) {
    makeObservable<this, 'add'>(this, { entries: observable.ref, count: computed, add: action, clear: action });
  }

  get count(): number {
    return this.entries.length;
  }

  /** Starts collecting from `target` (the window); a second call replaces the first. */
  listen(target: ErrorTarget): () => void {
    this.dispose();
    const onError = (event: Event) => {
      const e = event as ErrorEvent;
      const error: unknown = e.error;
      const source = e.filename ? `${e.filename}:${e.lineno ?? 0}:${e.colno ?? 0}` : '';
      this.add('error', e.message || describeReason(error).message, source, error instanceof Error ? (error.stack ?? '') : '');
    };
    const onRejection = (event: Event) => {
      const { message, stack } = describeReason((event as PromiseRejectionEvent).reason);
      this.add('unhandledrejection', message, '', stack);
    };
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    this.stopListening = () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    };
    return () => this.dispose();
  }

  clear(): void {
    this.entries = [];
  }

  dispose(): void {
    this.stopListening?.();
    this.stopListening = null;
  }

  private add(kind: ErrorLogEntry['kind'], message: string, source: string, stack: string): void {
    const entry = { id: this.nextId++, kind, message: message || 'Unknown error', source, stack, url: this.currentUrl(), time: this.now() };
    this.entries = [...this.entries, entry].slice(-ERROR_LOG_LIMIT);
  }
}
