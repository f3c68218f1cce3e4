import { makeAutoObservable, observable } from 'mobx';
import type { AuthApi } from '../api/authApi';
import type { LinkLogin, PasswordLogin } from '../schemas/auth';
import type { UserInfo } from '../schemas/user';
import type { RouterEntry } from '../schemas/router';

/** Spec §8 messages. */
export const MISSING_INFO_MESSAGE = 'Verification failed, please Login again.';
export const EMPTY_ROLES_MESSAGE = 'getInfo: roles must be a non-null array!';
export const ADMIN_ROLE = 'admin';
/** Sent with the logout call (spec §7). */
export const VISIT_SOURCE = 'energy';

/** Where the token lives between page loads (the Admin-Token cookie in the browser). */
export interface TokenPersistence {
  get(): string | undefined;
  set(token: string): void;
  remove(): void;
}

export interface SessionDeps {
  api: Pick<AuthApi, 'login' | 'linkLogin' | 'logout' | 'getUserInfo'>;
  persistence: TokenPersistence;
  clearCaches: () => void;
}

/** Who is signed in (spec §3 "Session state"); the api client reads and renews the token here. */
export class SessionStore {
  token: string;
  userId: number | null = null;
  father: number | null = null;
  /** The account name (username). */
  name = '';
  trueName = '';
  avatar = '';
  introduction = '';
  email = '';
  info: UserInfo | null = null;
  roles: string[] = [];
  /** The menu entries the server granted to the user's roles (spec §3 session `routers`); see PermissionStore. */
  routers: RouterEntry[] = [];

  constructor(private readonly deps: SessionDeps) {
    this.token = deps.persistence.get() ?? '';
    // Shallow refs: these are replaced whole, never edited in place.
    makeAutoObservable<this, 'deps'>(this, {
      deps: false,
      info: observable.ref,
      roles: observable.ref,
      routers: observable.ref,
    });
  }

  /** Spec §6: any role named admin, or the account named admin. */
  get isAdmin(): boolean {
    return this.roles.includes(ADMIN_ROLE) || this.name === ADMIN_ROLE;
  }

  /** Spec §4: a disabled sub-user is sent back to the login page. */
  get isDisabled(): boolean {
    return this.info?.status === false && this.info.type === 1;
  }

  /** The guard loads info once per session: roles are only ever set from a successful getInfo. */
  get hasInfo(): boolean {
    return this.roles.length > 0;
  }

  setToken(token: string): void {
    this.token = token;
    this.deps.persistence.set(token);
  }

  setRouters(routers: RouterEntry[]): void {
    this.routers = routers;
  }

  async login(credentials: PasswordLogin): Promise<void> {
    const { token } = await this.deps.api.login(credentials);
    this.setToken(token);
  }

  /** Auto-login from a link's query parameters (spec §2). */
  async linkLogin(params: LinkLogin): Promise<void> {
    const { token } = await this.deps.api.linkLogin(params);
    this.setToken(token);
  }

  async getInfo(): Promise<UserInfo> {
    const info = await this.deps.api.getUserInfo();
    if (!info) throw new Error(MISSING_INFO_MESSAGE);
    // Spec §6: the account named admin is always admin, whatever roles it carries.
    const roles = info.username === ADMIN_ROLE ? [ADMIN_ROLE] : (info.roles ?? []).map((role) => role.name);
    if (roles.length === 0) throw new Error(EMPTY_ROLES_MESSAGE);
    this.applyUser(info, roles);
    return info;
  }

  /** Tells the server, then forgets the session locally even when the server call fails. */
  async logout(): Promise<void> {
    try {
      await this.deps.api.logout({
        token: this.token,
        username: this.name,
        trueName: this.trueName,
        visitSource: VISIT_SOURCE,
      });
    } catch {
      // The token may already be expired or revoked; the local reset below is what matters.
    }
    this.resetToken();
  }

  /** Spec §4: caches first, then token, roles, cookie and window name; the user fields go too. */
  resetToken(): void {
    this.deps.clearCaches();
    this.deps.persistence.remove();
    this.token = '';
    this.routers = [];
    this.applyUser(null, []);
  }

  private applyUser(info: UserInfo | null, roles: string[]): void {
    this.info = info;
    this.roles = roles;
    this.userId = info?._id ?? null;
    this.father = info?.father ?? null;
    this.name = info?.username ?? '';
    this.trueName = info?.trueName ?? '';
    this.avatar = info?.avatar ?? '';
    this.introduction = info?.introduction ?? '';
    this.email = info?.email ?? '';
  }
}
