/** How long a claimed row is its holder's past the last renewal: a holder that dies is replaced after at most this plus one poll. */
export const ROW_CLAIM_MS = 20_000;
/** How often a holder renews the rows it works on. */
export const ROW_RENEW_MS = 5_000;

/**
 * Renews a claim every `everyMs` while work runs (`renew` is the job's own conditional update, e.g. `next_attempt_at
 * = now + ROW_CLAIM_MS where id = ? and claimed_by = me`), so a claim can be short (a dead holder is replaced within
 * seconds) whatever the work's length. One renewal at a time; a failed one is reported and the next one tries
 * again. Returns the stop, which waits for a renewal under way so none lands after the work's final write.
 */
export function keepClaimed(renew: () => Promise<unknown>, onError: (error: unknown) => void, everyMs = ROW_RENEW_MS): () => Promise<void> {
  let renewing: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    renewing ??= renew()
      .catch(onError)
      .finally(() => (renewing = null));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await renewing;
  };
}

/** Runs `work` while `keepClaimed` renews its claim; the renewals stop (and are waited for) when it ends either way. */
export async function whileClaimed<T>(
  work: () => Promise<T>,
  renew: () => Promise<unknown>,
  onError: (error: unknown) => void,
  everyMs = ROW_RENEW_MS,
): Promise<T> {
  const stop = keepClaimed(renew, onError, everyMs);
  try {
    return await work();
  } finally {
    await stop();
  }
}
