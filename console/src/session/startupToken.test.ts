import { describe, expect, it } from 'vitest';
import { adoptStartupToken, readLinkLogin, withoutLinkLogin } from './startupToken';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJl';

function fakeSession() {
  const adopted: string[] = [];
  return { adopted, setToken: (token: string) => adopted.push(token) };
}

describe('adoptStartupToken', () => {
  it('adopts access_token and returns the address without it', () => {
    const session = fakeSession();
    const cleaned = adoptStartupToken(session, `https://h/dashboard?access_token=${JWT}&tab=2#top`, '');
    expect(session.adopted).toEqual([JWT]);
    expect(cleaned).toBe('/dashboard?tab=2#top');
  });

  it('adopts a token-shaped window.name', () => {
    const session = fakeSession();
    expect(adoptStartupToken(session, 'https://h/dashboard', JWT)).toBeNull();
    expect(session.adopted).toEqual([JWT]);
  });

  it('ignores a window.name that is not a token', () => {
    const session = fakeSession();
    adoptStartupToken(session, 'https://h/dashboard', 'some-frame-name');
    expect(session.adopted).toEqual([]);
  });
});

describe('readLinkLogin', () => {
  it('reads the four parameters', () => {
    expect(readLinkLogin('?type=link&username=op&password=pw&user=7')).toEqual({
      type: 'link',
      username: 'op',
      password: 'pw',
      user: '7',
    });
  });

  it('reports a login link that misses a parameter', () => {
    expect(readLinkLogin('?type=link&user=7&username=op')).toBe('incomplete');
  });

  it('ignores addresses that are not login links', () => {
    expect(readLinkLogin('?type=menu')).toBeNull();
    expect(readLinkLogin('')).toBeNull();
  });

  it('strips the link parameters and keeps the rest', () => {
    expect(withoutLinkLogin('?type=link&username=op&password=pw&user=7&tab=2')).toBe('?tab=2');
    expect(withoutLinkLogin('?type=link&user=7')).toBe('');
  });
});
