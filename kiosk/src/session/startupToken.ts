import type { LinkLogin } from '@shared/schemas/auth';

/** A JWT as the server issues user sessions; any other window.name (set by some other page) is not a token. */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
export const ACCESS_TOKEN_PARAM = 'access_token';
export const LINK_LOGIN_PARAMS = ['type', 'username', 'password', 'user'] as const;

/** What the address and window.name bring at boot (spec §2), first match wins. */
export type StartupCredentials = { kind: 'link'; login: LinkLogin } | { kind: 'token'; token: string; from: 'access_token' | 'window.name' } | { kind: 'none' };

export interface Startup {
  credentials: StartupCredentials;
  /** The address to show instead (credentials removed), or null when nothing needs removing. */
  cleanPath: string | null;
}

/**
 * Reads the boot-time sign-in in the spec's order: the link auto-login (type, username, password, user),
 * an `access_token` query parameter, a JWT-shaped window.name. Link and token parameters are always
 * removed from the address so they never linger in history, bookmarks or Referer headers; an incomplete
 * login link is removed too and counts as nothing.
 */
export function readStartup(href: string, windowName: string): Startup {
  const url = new URL(href);
  const query = url.searchParams;
  const isLink = query.has('type') && query.has('user');
  const [type, username, password, user] = LINK_LOGIN_PARAMS.map((name) => query.get(name) ?? '');
  const accessToken = query.get(ACCESS_TOKEN_PARAM);
  let changed = false;
  if (isLink) {
    for (const name of LINK_LOGIN_PARAMS) query.delete(name);
    changed = true;
  }
  if (accessToken !== null) {
    query.delete(ACCESS_TOKEN_PARAM);
    changed = true;
  }
  const cleanPath = changed ? `${url.pathname}${query.toString() ? `?${query.toString()}` : ''}${url.hash}` : null;
  if (isLink && type && username && password && user) return { credentials: { kind: 'link', login: { type, username, password, user } }, cleanPath };
  if (accessToken) return { credentials: { kind: 'token', token: accessToken, from: 'access_token' }, cleanPath };
  if (JWT_SHAPE.test(windowName)) return { credentials: { kind: 'token', token: windowName, from: 'window.name' }, cleanPath };
  return { credentials: { kind: 'none' }, cleanPath };
}
