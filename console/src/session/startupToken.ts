import type { LinkLogin } from '@shared/schemas/auth';

/** A JWT as the server issues it; any other window.name (set by some other page) is not a token. */
const TOKEN_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
export const ACCESS_TOKEN_PARAM = 'access_token';

/**
 * Spec §2: an access_token query parameter, else a window-name value (how a console tab hands its
 * token to a window it opens), becomes the session token. Returns the address to show instead
 * when the token came in the URL, so it does not linger in history or in Referer headers.
 */
export function adoptStartupToken(session: { setToken(token: string): void }, href: string, windowName: string): string | null {
  const url = new URL(href);
  const accessToken = url.searchParams.get(ACCESS_TOKEN_PARAM);
  if (accessToken) {
    session.setToken(accessToken);
    url.searchParams.delete(ACCESS_TOKEN_PARAM);
    return `${url.pathname}${url.search}${url.hash}`;
  }
  if (TOKEN_SHAPE.test(windowName)) session.setToken(windowName);
  return null;
}

export const LINK_LOGIN_PARAMS = ['type', 'username', 'password', 'user'] as const;

/**
 * The link auto-login parameters (spec §2). 'incomplete' when the address is a login link
 * (it carries type and user, like isLinkLogin on the server) but misses username or password.
 */
export function readLinkLogin(search: string): LinkLogin | 'incomplete' | null {
  const query = new URLSearchParams(search);
  if (!query.has('type') || !query.has('user')) return null;
  const [type, username, password, user] = LINK_LOGIN_PARAMS.map((name) => query.get(name) ?? '');
  if (!type || !username || !password || !user) return 'incomplete';
  return { type, username, password, user };
}

/** The search string without the link parameters: credentials must not stay in the address bar. */
export function withoutLinkLogin(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of LINK_LOGIN_PARAMS) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}
