import { describe, expect, it } from 'vitest';
import { ERROR_LOG_LIMIT, ErrorLogStore } from './errorLogStore';

/** Node has EventTarget and Event but no ErrorEvent: the fields are set on a plain Event. */
function fire(target: EventTarget, type: string, fields: Record<string, unknown>): void {
  target.dispatchEvent(Object.assign(new Event(type), fields));
}

const store = () =>
  new ErrorLogStore(
    () => 1000,
    () => 'http://console/dashboard',
  );

describe('ErrorLogStore', () => {
  it('collects script errors with their source', () => {
    const log = store();
    const target = new EventTarget();
    log.listen(target);
    const error = new TypeError('x is undefined');
    fire(target, 'error', { message: 'Uncaught TypeError: x is undefined', filename: 'app.js', lineno: 3, colno: 7, error });
    expect(log.count).toBe(1);
    expect(log.entries[0]).toMatchObject({
      kind: 'error',
      message: 'Uncaught TypeError: x is undefined',
      source: 'app.js:3:7',
      stack: error.stack,
      url: 'http://console/dashboard',
      time: 1000,
    });
  });

  it('collects unhandled rejections of errors, strings and other values', () => {
    const log = store();
    const target = new EventTarget();
    log.listen(target);
    fire(target, 'unhandledrejection', { reason: new Error('boom') });
    fire(target, 'unhandledrejection', { reason: 'plain text' });
    fire(target, 'unhandledrejection', { reason: { code: 10002 } });
    fire(target, 'unhandledrejection', { reason: undefined });
    expect(log.entries.map((e) => e.message)).toEqual(['boom', 'plain text', '{"code":10002}', 'undefined']);
    expect(new Set(log.entries.map((e) => e.id)).size).toBe(4);
  });

  it('keeps only the newest entries', () => {
    const log = store();
    const target = new EventTarget();
    log.listen(target);
    for (let i = 0; i < ERROR_LOG_LIMIT + 5; i++) fire(target, 'unhandledrejection', { reason: `e${i}` });
    expect(log.count).toBe(ERROR_LOG_LIMIT);
    expect(log.entries[0]?.message).toBe('e5');
  });

  it('stops listening when disposed, and clears', () => {
    const log = store();
    const target = new EventTarget();
    const stop = log.listen(target);
    fire(target, 'unhandledrejection', { reason: 'one' });
    stop();
    fire(target, 'unhandledrejection', { reason: 'two' });
    expect(log.count).toBe(1);
    log.clear();
    expect(log.count).toBe(0);
  });
});
