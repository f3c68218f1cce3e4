import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionCaches, SESSION_CACHE_KEYS } from './localCaches';

describe('clearSessionCaches', () => {
  afterEach(() => vi.restoreAllMocks());

  it('removes each cache key', () => {
    const removed: string[] = [];
    clearSessionCaches({ removeItem: (key) => removed.push(key) });
    expect(removed).toEqual([...SESSION_CACHE_KEYS]);
  });

  it('only logs a storage failure', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = {
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => clearSessionCaches(broken)).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
  });
});
