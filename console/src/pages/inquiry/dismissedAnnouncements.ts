/**
 * Which home announcements a user has dismissed, per browser (localStorage), per user and announcement:
 * another user of the same browser still sees them, and an edited announcement keeps its id, so it stays
 * dismissed. Storage that refuses (private mode, full) only means the banner comes back.
 */
const keyOf = (userId: number) => `inquiry.dismissed.${userId}`;

export function dismissedIds(storage: Pick<Storage, 'getItem'>, userId: number): Set<number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyOf(userId)) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isSafeInteger(id)) : []);
  } catch {
    return new Set();
  }
}

/** Remembers a dismissal; only ids still shown are kept, so the list does not grow for ever. */
export function dismiss(storage: Pick<Storage, 'getItem' | 'setItem'>, userId: number, id: number, shown: readonly number[]): void {
  const kept = [...dismissedIds(storage, userId)].filter((known) => shown.includes(known));
  try {
    storage.setItem(keyOf(userId), JSON.stringify([...new Set([...kept, id])]));
  } catch {
    // Not remembered: the banner shows again next time.
  }
}
