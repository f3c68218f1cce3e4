/** Five minutes: a widget whose descriptor says nothing goes grey after this. */
export const DEFAULT_STALE_AFTER_MS = 300_000;

export type DataState = 'loading' | 'live' | 'stale';

/**
 * A channel may have no snapshot at all (a meter that never reported, alarms:new on a quiet day): once the
 * socket has been up this long without a reading, the tile counts as live and the widget shows its own
 * "no data" state instead of "loading" forever.
 */
export const LOADING_GRACE_MS = 2000;

/**
 * Whether a tile's data is fresh. Stale when the socket is down (the values may be moving on without us)
 * or the newest reading of its channels is older than staleAfterMs; loading before the first reading.
 * A widget without channels (clock, text) is always live.
 */
export function dataState(input: {
  timestamps: readonly (number | undefined)[];
  connected: boolean;
  connectedSince?: number;
  now: number;
  staleAfterMs: number;
}): {
  state: DataState;
  newest: number | null;
} {
  if (input.timestamps.length === 0) return { state: 'live', newest: null };
  const known = input.timestamps.filter((ts): ts is number => ts !== undefined);
  const newest = known.length ? Math.max(...known) : null;
  if (!input.connected) return { state: 'stale', newest };
  if (newest === null)
    return { state: input.connectedSince !== undefined && input.now - input.connectedSince >= LOADING_GRACE_MS ? 'live' : 'loading', newest };
  return { state: input.now - newest > input.staleAfterMs ? 'stale' : 'live', newest };
}

const two = (value: number) => String(value).padStart(2, '0');

/** HH:mm:ss in the wall's local time. */
export function clockTime(ts: number): string {
  const date = new Date(ts);
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
