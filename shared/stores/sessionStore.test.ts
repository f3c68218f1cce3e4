import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../schemas/user';
import { EMPTY_ROLES_MESSAGE, MISSING_INFO_MESSAGE, SessionStore, type SessionDeps } from './sessionStore';

const operator: UserInfo = {
  _id: 7,
  username: 'operator1',
  trueName: 'Olga Operator',
  email: 'olga@example.com',
  avatar: '',
  introduction: 'night shift',
  father: 1,
  roles: [{ _id: 3, name: 'editor' }],
  status: true,
  type: 1,
};

/** An in-memory stand-in for the auth calls and the cookie. */
function fakeSession(info: UserInfo | null = operator, stored?: string) {
  let cookie = stored;
  const api = {
    login: vi.fn(async () => ({ token: 'jwt-login' })),
    linkLogin: vi.fn(async () => ({ token: 'jwt-link' })),
    logout: vi.fn(async () => undefined),
    getUserInfo: vi.fn(async () => info),
  } satisfies SessionDeps['api'];
  const clearCaches = vi.fn();
  const persistence = {
    get: () => cookie,
    set: (token: string) => (cookie = token),
    remove: vi.fn(() => (cookie = undefined)),
  };
  const session = new SessionStore({ api, persistence, clearCaches });
  return { session, api, clearCaches, persistence, cookie: () => cookie };
}

describe('SessionStore', () => {
  it('starts from the stored token', () => {
    expect(fakeSession(operator, 'saved').session.token).toBe('saved');
    expect(fakeSession(operator).session.token).toBe('');
  });

  it('login stores the token in the store and the cookie', async () => {
    const { session, api, cookie } = fakeSession();
    await session.login({ username: 'operator1', password: 'Secret#123' });
    expect(api.login).toHaveBeenCalledWith({ username: 'operator1', password: 'Secret#123' });
    expect(session.token).toBe('jwt-login');
    expect(cookie()).toBe('jwt-login');
  });

  it('linkLogin stores the token too', async () => {
    const { session } = fakeSession();
    await session.linkLogin({ type: 'link', username: 'u', password: 'p', user: 'x' });
    expect(session.token).toBe('jwt-link');
  });

  it('getInfo fills the session fields and role names', async () => {
    const { session } = fakeSession();
    await session.getInfo();
    expect(session).toMatchObject({
      userId: 7,
      father: 1,
      name: 'operator1',
      trueName: 'Olga Operator',
      email: 'olga@example.com',
      introduction: 'night shift',
      roles: ['editor'],
      hasInfo: true,
      isAdmin: false,
      isDisabled: false,
    });
  });

  it('getInfo without info rejects with the verification message', async () => {
    await expect(fakeSession(null).session.getInfo()).rejects.toThrow(MISSING_INFO_MESSAGE);
  });

  it('getInfo with empty roles rejects with the roles message', async () => {
    const { session } = fakeSession({ ...operator, roles: [] });
    await expect(session.getInfo()).rejects.toThrow(EMPTY_ROLES_MESSAGE);
    expect(session.hasInfo).toBe(false);
  });

  it('counts a user as admin by an admin role or by the admin account name', async () => {
    const byRole = fakeSession({ ...operator, roles: [{ _id: 1, name: 'admin' }] }).session;
    await byRole.getInfo();
    expect(byRole.isAdmin).toBe(true);

    const byName = fakeSession({ ...operator, username: 'admin', roles: [] }).session;
    await byName.getInfo();
    expect(byName.roles).toEqual(['admin']);
    expect(byName.isAdmin).toBe(true);
  });

  it('treats only a sub-user with status false as disabled', async () => {
    const subUser = fakeSession({ ...operator, status: false, type: 1 }).session;
    await subUser.getInfo();
    expect(subUser.isDisabled).toBe(true);

    const topLevel = fakeSession({ ...operator, status: false, type: 0 }).session;
    await topLevel.getInfo();
    expect(topLevel.isDisabled).toBe(false);
  });

  it('logout tells the server who leaves, then resets', async () => {
    const { session, api, clearCaches, cookie } = fakeSession(operator, 'saved');
    await session.getInfo();
    await session.logout();
    expect(api.logout).toHaveBeenCalledWith({
      token: 'saved',
      username: 'operator1',
      trueName: 'Olga Operator',
      visitSource: 'energy',
    });
    expect(clearCaches).toHaveBeenCalled();
    expect(cookie()).toBeUndefined();
    expect(session.token).toBe('');
  });

  it('logout resets even when the server call fails', async () => {
    const { session, api } = fakeSession(operator, 'saved');
    api.logout.mockRejectedValueOnce(new Error('Invalid token'));
    await expect(session.logout()).resolves.toBeUndefined();
    expect(session.token).toBe('');
  });

  it('resetToken clears caches before the token, and clears token, roles and user fields', async () => {
    const { session, clearCaches, persistence } = fakeSession(operator, 'saved');
    await session.getInfo();
    session.resetToken();
    expect(clearCaches.mock.invocationCallOrder[0]).toBeLessThan(persistence.remove.mock.invocationCallOrder[0] ?? 0);
    expect(session).toMatchObject({ token: '', roles: [], info: null, userId: null, name: '', trueName: '', hasInfo: false });
  });
});
