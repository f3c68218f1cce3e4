/**
 * Which announcement a wall shows, by id: when the list changes (one added, one ended) the one on screen
 * stays if it is still there, so a rotation never jumps back to the start on every update.
 */
export function shownId(ids: readonly number[], current: number | null): number | null {
  if (ids.length === 0) return null;
  return current !== null && ids.includes(current) ? current : ids[0]!;
}

/** The one after `current` in the list's order, wrapping; the first when `current` has gone. */
export function nextId(ids: readonly number[], current: number | null): number | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  return ids[(at + 1) % ids.length]!;
}
