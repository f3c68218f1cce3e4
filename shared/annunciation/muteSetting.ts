/** Where the annunciator's mute choice lives: one per browser, kept across logins and reloads. */
export const MUTE_STORAGE_KEY = 'energy:annunciation-muted';

export type MuteStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Reads the saved choice; a browser that refuses storage is never muted by accident. */
export function loadMuted(storage: MuteStorage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(MUTE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function saveMuted(muted: boolean, storage: MuteStorage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(MUTE_STORAGE_KEY, muted ? '1' : '0');
  } catch {
    // Private mode or a full quota: the choice lasts for this page only.
  }
}
