import { describe, expect, it } from 'vitest';
import { dismiss, dismissedIds } from './dismissedAnnouncements';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('dismissed home announcements', () => {
  it('are remembered per user and announcement', () => {
    const storage = memoryStorage();
    dismiss(storage, 7, 3, [3, 4]);
    expect([...dismissedIds(storage, 7)]).toEqual([3]);
    expect([...dismissedIds(storage, 8)]).toEqual([]);
    dismiss(storage, 7, 4, [3, 4]);
    expect([...dismissedIds(storage, 7)]).toEqual([3, 4]);
  });

  it('forget announcements no longer shown, and survive unreadable storage', () => {
    const storage = memoryStorage();
    dismiss(storage, 7, 3, [3]);
    dismiss(storage, 7, 9, [9]);
    expect([...dismissedIds(storage, 7)]).toEqual([9]);
    storage.items.set('inquiry.dismissed.7', '{not json');
    expect([...dismissedIds(storage, 7)]).toEqual([]);
    expect(() =>
      dismiss(
        {
          getItem: () => null,
          setItem: () => {
            throw new Error('quota');
          },
        },
        7,
        1,
        [1],
      ),
    ).not.toThrow();
  });
});
