import { DISPLAY_TOKEN_SHAPE } from '@shared/schemas/boards';
import { getToken, setToken, type TokenSource } from '@shared/api/token';

/** Where a display token lives: it must survive reboots of the wall and never touch the console's cookie. */
export const DISPLAY_TOKEN_KEY = 'energy-kiosk.display-token';

export type TokenKind = 'display' | 'user';

export interface CookieJar {
  get(): string | undefined;
  set(token: string): void;
}

export const adminTokenCookie: CookieJar = { get: getToken, set: setToken };

export function isDisplayToken(token: string): boolean {
  return DISPLAY_TOKEN_SHAPE.test(token);
}

/**
 * The wall's token: a display token (dsp_…) in localStorage, or a user token in the Admin-Token cookie
 * like the console (so x-new-token renewals and a console logout apply here too).
 */
export class KioskTokens implements TokenSource {
  private displayToken: string | undefined;
  kind: TokenKind | null = null;

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
    private readonly cookie: CookieJar = adminTokenCookie,
    /** A renewed user token: the realtime client uses it from its next reconnect. */
    private readonly onRenewed?: (token: string) => void,
  ) {}

  /** A token that arrived at boot (link login, access_token, window.name). */
  adopt(token: string): void {
    if (isDisplayToken(token)) {
      this.displayToken = token;
      this.kind = 'display';
      this.storage?.setItem(DISPLAY_TOKEN_KEY, token);
    } else {
      this.displayToken = undefined;
      this.kind = 'user';
      this.cookie.set(token);
    }
  }

  /** No token arrived: the stored display token first (a wall belongs to its display), else the cookie. */
  restore(): boolean {
    const stored = this.storage?.getItem(DISPLAY_TOKEN_KEY) ?? null;
    if (stored && isDisplayToken(stored)) {
      this.displayToken = stored;
      this.kind = 'display';
      return true;
    }
    if (this.cookie.get()) {
      this.kind = 'user';
      return true;
    }
    this.kind = null;
    return false;
  }

  get(): string | undefined {
    if (this.kind === 'display') return this.displayToken;
    if (this.kind === 'user') return this.cookie.get();
    return undefined;
  }

  /** x-new-token: only user sessions renew (display tokens do not expire by time). */
  set(token: string): void {
    if (this.kind !== 'user' || isDisplayToken(token)) return;
    this.cookie.set(token);
    this.onRenewed?.(token);
  }

  /** The display was revoked: the stored token goes, so a reboot does not try it again. */
  forgetDisplay(): void {
    this.displayToken = undefined;
    this.storage?.removeItem(DISPLAY_TOKEN_KEY);
  }
}
