import { computed, makeObservable } from 'mobx';
import type { AccountApi } from '../api/accountApi';
import { buildMenuTree, hasButtonPermission, routePaths, type MenuNode } from '../permissions/permittedRoutes';
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
    makeObservable(this, { tree: computed, paths: computed, grantedPaths: computed, loaded: computed });
  }

  /** True once the entries for the current session have arrived. */
  get loaded(): boolean {
    return this.session.routers.length > 0;
  }

  /** The sidebar's tree: permitted, visible and hidden entries alike (hidden ones still route). */
  get tree(): MenuNode[] {
    return buildMenuTree(this.session.routers);
  }

  /** Full paths the user may route to. */
  get paths(): ReadonlySet<string> {
    return routePaths(this.tree);
  }

  /** Every granted full path, buttons included (for the button permission helper). */
  get grantedPaths(): ReadonlySet<string> {
    return new Set(this.session.routers.map((entry) => entry.fullpath));
  }

  hasRoute(fullpath: string): boolean {
    return this.paths.has(fullpath);
  }

  /** Spec §6: admin, or an entry whose full path is the route path joined with the button name. */
  hasButton(routePath: string, button: string): boolean {
    return hasButtonPermission(this.session.isAdmin, this.grantedPaths, routePath, button);
  }

  /** Admins ask for no role ids, which the server answers with every entry (spec §6: admin sees all). */
  async load(): Promise<void> {
    const roleIds = this.session.isAdmin ? [] : (this.session.info?.roles ?? []).map((role) => role._id);
    const { rows } = await this.api.routers(roleIds);
    this.session.setRouters(rows);
  }
}
