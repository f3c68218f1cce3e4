/** Where the login page sends the user; also the fallback for an unusable redirect. */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';

/** /login?redirect=<path the visitor asked for> (spec §2). */
export function loginPathFor(requested: { pathname: string; search: string }): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(requested.pathname + requested.search)}`;
}

/**
 * The redirect query, if it is a path of this site. Anything else ('//evil.example',
 * 'https://…', '/\\evil') would turn the login page into an open redirect.
 */
export function redirectTarget(search: string, fallback = HOME_PATH): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return fallback;
  if (redirect === LOGIN_PATH || redirect.startsWith(`${LOGIN_PATH}?`)) return fallback;
  return redirect;
}
