import Cookies from 'js-cookie';
import { cookieAttributes } from './cookieAttributes';

/** Cookie that holds the session token (spec §4, §9). */
export const TOKEN_COOKIE = 'Admin-Token';

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, cookieAttributes('token'));
}

/**
 * Removes the cookie and window.name: a token can also arrive through window.name (spec §2),
 * so leaving it there would log the user straight back in on the next load.
 */
export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
  if (typeof window !== 'undefined') window.name = '';
}

/** Where the api client reads the token from and writes a renewed one to. */
export interface TokenSource {
  get(): string | undefined;
  set(token: string): void;
}

export const cookieTokenSource: TokenSource = { get: getToken, set: setToken };
