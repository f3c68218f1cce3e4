import { computed, makeObservable } from 'mobx';
import type { AccountApi } from '../api/accountApi';
import { buildMenuTree, hasButtonPermission, routeKeys, type MenuNode } from '../permissions/permittedRoutes';
import type { SessionStore } from './sessionStore';

/**
 * What the signed-in user may open (spec §6), derived from `session.routers` so a logout clears it
 * with the rest of the session. `load()` fetches the entries for the user's role ids.
 */
export class PermissionStore {
  constructor(
    private readonly session: SessionStore,
    private readonly api: Pick<AccountApi, 'routers'>,
  ) {
    makeObservable(this, { tree: computed, screenKeys: computed, grantedKeys: computed, loaded: computed });
  }

  /** True once the entries for the current session have arrived. */
  get loaded(): boolean {
    return this.session.routers.length > 0;
  }

  /** The sidebar's tree: permitted, visible and hidden entries alike (hidden ones still route). */
  get tree(): MenuNode[] {
    return buildMenuTree(this.session.routers);
  }

  /**
   * Permission keys of the screens the user may open. The server checks keys, and a seeded entry's key is
   * the product's path, so the screens' own constants (`/settings/boardConfig`) keep answering right after
   * an admin renames or moves the entry; the routes themselves follow the entries' current full paths.
   */
  get screenKeys(): ReadonlySet<string> {
    return routeKeys(this.tree);
  }

  /** Every granted permission key, buttons included (for the button permission helper). */
  get grantedKeys(): ReadonlySet<string> {
    return new Set(this.session.routers.map((entry) => entry.key));
  }

  /** `screen` is the product's path of the screen (its permission key). */
  hasRoute(screen: string): boolean {
    return this.screenKeys.has(screen);
  }

  /** Spec §6: admin, or an entry whose key is the screen's path joined with the button name. */
  hasButton(screen: string, button: string): boolean {
    return hasButtonPermission(this.session.isAdmin, this.grantedKeys, screen, button);
  }

  /** Admins ask for no role ids, which the server answers with every entry (spec §6: admin sees all). */
  async load(): Promise<void> {
    const roleIds = this.session.isAdmin ? [] : (this.session.info?.roles ?? []).map((role) => role._id);
    const { rows } = await this.api.routers(roleIds);
    this.session.setRouters(rows);
  }
}
