import type { RoleRef } from '@shared/schemas';
import { AppError } from '../http/appError';
import { UserRepository, isAdminRoleSet, isDisabled, type UserRow } from '../users/userRepository';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { LoginThrottle } from './loginThrottle';
import { throttleAddress } from './clientAddress';
import { SessionRepository } from './sessions';
import type { TokenClaims, TokenSigner } from './tokens';
import { isDisplayToken, type DisplayTokens } from './displayTokens';
import type { DisplayPrincipal } from './displayPrincipal';
import { ownerScopeOf, type OwnerScope } from '../tenancy/ownerScope';

/** Who is calling, resolved once per request or socket connection. */
export interface AuthContext {
  /** Set for display tokens; `user` is then the display's owner (whose data scope it reads with). */
  display: DisplayPrincipal | null;
  user: UserRow;
  /** The session's id, or `display:<id>` for a display token. */
  sessionId: string;
  /** The session JWT's claims; null for a display token (it is not a JWT and never renews). */
  claims: TokenClaims | null;
  roles: RoleRef[];
  isAdmin: boolean;
  /** Permission keys (seeded entries: the product's full paths) of the menus and buttons the user's roles grant; loaded on first use. */
  permittedPaths(): Promise<ReadonlySet<string>>;
  /** The user trees whose objects the caller may list, read and write (server/tenancy); loaded on first use. */
  ownerScope(): Promise<OwnerScope>;
}

export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    /** Read by the login-locks routes (list, unlock). */
    readonly throttle: LoginThrottle,
    private readonly signer: TokenSigner,
    private readonly displays: DisplayTokens,
  ) {}

  /**
   * Counts the attempt first (account × address, address, account: see LoginThrottle), then checks the
   * password (argon2id, a decoy hash for unknown names) only if every count is within its limit, then
   * the account state; opens a session. `clientAddress` is the caller's address (request.ip).
   */
  async login(username: string, password: string, visitSource: string, clientAddress: string): Promise<{ token: string; user: UserRow }> {
    const reservation = await this.throttle.reserve(username, throttleAddress(clientAddress));
    if (!reservation.allowed) {
      const retryAfter = Math.ceil(reservation.retryAfterMs / 1000);
      const from = reservation.scope === 'address' ? 'from this address' : 'for this account';
      throw new AppError('TOO_MANY_ATTEMPTS', {
        message: `Too many failed logins ${from}, try again in ${Math.ceil(retryAfter / 60)} minutes`,
        data: { retryAfterSeconds: retryAfter },
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    const user = await this.users.findByUsername(username);
    const valid = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
    // A failure keeps its place in the counts; that is the whole throttle.
    if (!user || !valid) throw new AppError('LOGIN_FAILED');
    await this.throttle.succeeded(reservation);
    if (isDisabled(user)) throw new AppError('ACCOUNT_DISABLED');
    const now = Date.now();
    const sessionId = await this.sessions.create(user.id, visitSource, now + this.signer.ttlSeconds * 1000, now);
    return { token: this.signer.sign(user.id, sessionId, now).token, user };
  }

  /** Every request and socket goes through here: signature, expiry, session, account state (or the display token's rules). */
  async authenticate(token: string): Promise<AuthContext> {
    if (isDisplayToken(token)) return this.authenticateDisplay(token);
    const claims = this.signer.verify(token);
    const found = await this.sessions.findWithUser(claims.sid);
    // A deleted user takes its sessions with it (cascade), so "not found" covers both.
    if (!found || found.session.revoked_at !== null || String(found.user.id) !== claims.sub) throw new AppError('TOKEN_REVOKED');
    const { session, user } = found;
    if (session.expires_at <= Date.now()) throw new AppError('TOKEN_EXPIRED');
    if (isDisabled(user)) throw new AppError('ACCOUNT_DISABLED');
    return this.contextFor(user, { display: null, sessionId: session.id, claims });
  }

  /**
   * A display token never expires by time; it ends by revocation. It reads with its owner's data scope,
   * so an owner who is gone revokes it and a disabled owner stops it.
   */
  private async authenticateDisplay(token: string): Promise<AuthContext> {
    const row = await this.displays.find(token);
    if (!row) throw new AppError('TOKEN_INVALID');
    if (row.revoked_at !== null) throw new AppError('DISPLAY_REVOKED');
    const owner = await this.users.findById(row.owner_user_id);
    if (!owner) throw new AppError('DISPLAY_REVOKED');
    if (isDisabled(owner)) throw new AppError('ACCOUNT_DISABLED');
    return this.contextFor(owner, { display: await this.displays.principal(row), sessionId: `display:${row.id}`, claims: null });
  }

  private async contextFor(user: UserRow, who: Pick<AuthContext, 'display' | 'sessionId' | 'claims'>): Promise<AuthContext> {
    const roles = await this.users.effectiveRoles(user);
    let paths: Promise<ReadonlySet<string>> | undefined;
    let scope: Promise<OwnerScope> | undefined;
    const isAdmin = isAdminRoleSet(roles);
    return {
      ...who,
      user,
      roles,
      isAdmin,
      permittedPaths: () => (paths ??= this.users.permittedPaths(user.id).then((list) => new Set(list))),
      ownerScope: () => (scope ??= ownerScopeOf(this.users.database, user, isAdmin)),
    };
  }

  /** A fresh token for the same session when the current one is past half its life. */
  async renewIfDue(context: AuthContext): Promise<string | null> {
    // Display tokens carry no claims: they do not expire, so there is nothing to renew.
    if (!context.claims || !this.signer.needsRenewal(context.claims)) return null;
    const { token, expiresAt } = this.signer.sign(context.user.id, context.sessionId);
    await this.sessions.extend(context.sessionId, expiresAt);
    return token;
  }

  /** Ends the session; a display has none (it is revoked from the console), so this leaves it alone. */
  async logout(context: AuthContext): Promise<void> {
    if (context.display) return;
    await this.sessions.revoke(context.sessionId);
  }
}
