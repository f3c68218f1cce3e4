import { describe, expect, it } from 'vitest';
import { nextId, shownId } from './rotation';

describe('announcement rotation', () => {
  it('starts at the first, goes on in order and wraps to the first', () => {
    expect(shownId([4, 7, 9], null)).toBe(4);
    expect(nextId([4, 7, 9], 4)).toBe(7);
    expect(nextId([4, 7, 9], 7)).toBe(9);
    expect(nextId([4, 7, 9], 9)).toBe(4);
  });

  it('keeps the one on screen when the list changes, and starts over when it has gone', () => {
    expect(shownId([2, 7, 9], 7)).toBe(7);
    expect(shownId([2, 9], 7)).toBe(2);
    expect(nextId([2, 9], 7)).toBe(2);
    expect(shownId([], 7)).toBeNull();
    expect(nextId([], null)).toBeNull();
  });
});
