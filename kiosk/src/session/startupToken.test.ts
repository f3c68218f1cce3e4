import { describe, expect, it } from 'vitest';
import { DISPLAY_TOKEN_KEY, KioskTokens } from './kioskTokens';
import { readStartup } from './startupToken';

const DISPLAY = `dsp_${'Z'.repeat(43)}`;
const JWT = 'eyJh.eyJz.c2ln';

describe('boot-time sign-in', () => {
  it('takes the link auto-login first and strips all four parameters', () => {
    const startup = readStartup(`https://wall.example/dash/3?type=sso&username=ops&password=s3cret&user=ops&access_token=${JWT}&tour=off#top`, JWT);
    expect(startup.credentials).toEqual({ kind: 'link', login: { type: 'sso', username: 'ops', password: 's3cret', user: 'ops' } });
    expect(startup.cleanPath).toBe('/dash/3?tour=off#top');
  });

  it('drops an incomplete login link and falls through to access_token', () => {
    const startup = readStartup(`https://wall.example/dash/3?type=sso&user=ops&access_token=${DISPLAY}`, '');
    expect(startup.credentials).toEqual({ kind: 'token', token: DISPLAY, from: 'access_token' });
    expect(startup.cleanPath).toBe('/dash/3');
  });

  it('takes access_token before window.name', () => {
    expect(readStartup(`https://wall.example/dash/1?access_token=${DISPLAY}`, JWT).credentials).toEqual({
      kind: 'token',
      token: DISPLAY,
      from: 'access_token',
    });
  });

  it('takes a JWT-shaped window.name and leaves the address alone', () => {
    expect(readStartup('https://wall.example/dash/1', JWT)).toEqual({ credentials: { kind: 'token', token: JWT, from: 'window.name' }, cleanPath: null });
    expect(readStartup('https://wall.example/dash/1', 'some-popup').credentials).toEqual({ kind: 'none' });
  });
});

describe('kiosk tokens', () => {
  const setup = (stored?: string, cookieValue?: string) => {
    const storage = new Map<string, string>(stored ? [[DISPLAY_TOKEN_KEY, stored]] : []);
    const cookie = { value: cookieValue };
    const renewed: string[] = [];
    const tokens = new KioskTokens(
      { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value), removeItem: (key) => void storage.delete(key) },
      { get: () => cookie.value, set: (value) => (cookie.value = value) },
      (token) => renewed.push(token),
    );
    return { tokens, storage, cookie, renewed };
  };

  it('keeps a display token in localStorage, never in the console cookie', () => {
    const { tokens, storage, cookie } = setup(undefined, JWT);
    tokens.adopt(DISPLAY);
    expect(tokens.kind).toBe('display');
    expect(storage.get(DISPLAY_TOKEN_KEY)).toBe(DISPLAY);
    expect(cookie.value).toBe(JWT);
    expect(tokens.get()).toBe(DISPLAY);
  });

  it('keeps a user token in the Admin-Token cookie and adopts renewals', () => {
    const { tokens, storage, cookie, renewed } = setup();
    tokens.adopt(JWT);
    expect(tokens.kind).toBe('user');
    expect(cookie.value).toBe(JWT);
    expect(storage.size).toBe(0);
    tokens.set('new.jwt.token');
    expect(tokens.get()).toBe('new.jwt.token');
    expect(renewed).toEqual(['new.jwt.token']);
  });

  it('restores the stored display token before the cookie after a reboot', () => {
    const { tokens } = setup(DISPLAY, JWT);
    expect(tokens.restore()).toBe(true);
    expect(tokens.get()).toBe(DISPLAY);
    tokens.set('new.jwt.token');
    expect(tokens.get()).toBe(DISPLAY);
  });

  it('falls back to the cookie, and to nothing', () => {
    const withCookie = setup(undefined, JWT);
    expect(withCookie.tokens.restore()).toBe(true);
    expect(withCookie.tokens.kind).toBe('user');
    const empty = setup('not-a-display-token');
    expect(empty.tokens.restore()).toBe(false);
    expect(empty.tokens.get()).toBeUndefined();
  });

  it('forgets a revoked display token', () => {
    const { tokens, storage } = setup(DISPLAY);
    tokens.restore();
    tokens.forgetDisplay();
    expect(storage.has(DISPLAY_TOKEN_KEY)).toBe(false);
    expect(tokens.get()).toBeUndefined();
  });
});
