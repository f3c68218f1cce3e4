import { runInAction } from 'mobx';

/** A list controller that shows a busy state while it changes something and reloads afterwards. */
export interface ReloadingList {
  busy: boolean;
  load(): Promise<void>;
}

/**
 * Runs a change (delete, enable…) with `busy` set, then reloads the list. Resolves false when the change
 * failed: the api client's toast already said why, and the list keeps what it showed.
 */
export async function changeThenReload(list: ReloadingList, change: () => Promise<unknown>): Promise<boolean> {
  runInAction(() => (list.busy = true));
  try {
    await change();
  } catch {
    return false;
  } finally {
    runInAction(() => (list.busy = false));
  }
  await list.load();
  return true;
}
