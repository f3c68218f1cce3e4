import type { RootStore } from '@shared/stores/rootStore';

/** What the guard reports when it cannot open the session. */
export type SessionOutcome = 'ready' | 'disabled';

/**
 * Everything a signed-in screen needs before it renders (spec §2, §4): the user info (once per
 * session, starting a fresh tags bar), then the menu entries the routes are built from.
 * Rejects with the reason when the info or the entries cannot be loaded.
 */
export async function loadSession({ session, permission, tagsView }: RootStore): Promise<SessionOutcome> {
  if (!session.hasInfo) {
    tagsView.reset();
    await session.getInfo();
    if (session.isDisabled) return 'disabled';
  }
  await permission.load();
  return 'ready';
}
