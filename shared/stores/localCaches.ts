/**
 * localStorage keys of the data caches that belong to one signed-in user (spec §4): cleared on
 * logout and token reset so the next user never sees them.
 */
export const ELECTRICITY_DASHBOARD_CACHE_KEY = 'energy:cache:electricity-dashboard';
export const TREE_DATA_CACHE_KEY = 'energy:cache:tree-data';
export const POWER_MONTH_RECORD_CACHE_KEY = 'energy:cache:power-month-records';

export const SESSION_CACHE_KEYS = [ELECTRICITY_DASHBOARD_CACHE_KEY, TREE_DATA_CACHE_KEY, POWER_MONTH_RECORD_CACHE_KEY] as const;

/** A failure (storage disabled, private mode) must not block the logout itself: it is only logged. */
export function clearSessionCaches(storage: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    if (!storage) return;
    for (const key of SESSION_CACHE_KEYS) storage.removeItem(key);
  } catch (error) {
    console.warn('Could not clear the local caches', error);
  }
}
