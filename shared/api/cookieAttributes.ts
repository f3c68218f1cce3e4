import type Cookies from 'js-cookie';

/**
 * How the browser-set cookies are flagged. The token is read by script (it goes out as a Bearer header),
 * so it cannot be HttpOnly; SameSite=Strict keeps it off every cross-site request, and Secure keeps it
 * off plain http once the page itself is https. Interface choices (language, sidebar, size) are Lax.
 */
export type CookieKind = 'token' | 'preference';

export function cookieAttributes(kind: CookieKind, protocol: string = typeof location === 'undefined' ? 'http:' : location.protocol): Cookies.CookieAttributes {
  const secure = protocol === 'https:';
  return kind === 'token' ? { sameSite: 'Strict', secure } : { sameSite: 'Lax', secure, expires: 365 };
}
