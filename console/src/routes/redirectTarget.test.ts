import { describe, expect, it } from 'vitest';
import { loginPathFor, redirectTarget } from './redirectTarget';

describe('redirect target', () => {
  it('round-trips the requested path through the login query', () => {
    const login = loginPathFor({ pathname: '/settings/user', search: '?page=2' });
    expect(login).toBe('/login?redirect=%2Fsettings%2Fuser%3Fpage%3D2');
    expect(redirectTarget(login.slice(login.indexOf('?')))).toBe('/settings/user?page=2');
  });

  it.each(['', '?redirect=', '?redirect=https://evil.example', '?redirect=//evil.example', '?redirect=/\\evil', '?redirect=/login'])(
    'falls back to / for %j',
    (search) => {
      expect(redirectTarget(search)).toBe('/');
      expect(redirectTarget(search, '/dashboard')).toBe('/dashboard');
    },
  );
});
