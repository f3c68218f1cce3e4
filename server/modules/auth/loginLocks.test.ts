import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { insertSubUser } from '@tests/support/users';
import { USER_ADMIN_PATHS, usersKit, type Member, type UsersKit } from '../../users/usersKit.test-util';

/** The administrator's view of login locks, and unlocking an account before its lock runs out. */
let k: UsersKit;
let manager: Member;
beforeAll(async () => {
  k = await usersKit();
  manager = await k.member('lockmanager', USER_ADMIN_PATHS);
}, 60_000);
afterAll(() => k.close());

const PASSWORD = 'Secret!234';
const login = (username: string, password: string, remoteAddress: string) =>
  k.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

describe('GET and DELETE /api/login-locks', () => {
  it('lists the locks in force and unlocks an account for every address', async () => {
    await insertSubUser(k.t.app, { username: 'lockedout', password: PASSWORD });
    for (let i = 0; i < 5; i++) await login('lockedout', `bad-${i}`, '203.0.113.5');
    expect((await login('lockedout', PASSWORD, '203.0.113.5')).statusCode).toBe(429);

    const listed = await k.call('GET', '/api/login-locks');
    expect(listed.status).toBe(200);
    expect(listed.body.code).toBe(0);
    const lock = listed.body.data.find((row: { username: string }) => row.username === 'lockedout');
    expect(lock).toMatchObject({ scope: 'account-address', username: 'lockedout', address: '203.0.113.5', failures: 5 });
    expect(lock.lockedUntil).toBeGreaterThan(Date.now() + 14 * 60_000);

    const unlocked = await k.call('DELETE', '/api/login-locks', { username: 'LockedOut' });
    expect(unlocked.body).toEqual({ code: 0, data: { cleared: 1 }, message: 'Unlocked' });
    expect((await k.call('GET', '/api/login-locks')).body.data.filter((row: { username: string }) => row.username === 'lockedout')).toEqual([]);
    expect((await login('lockedout', PASSWORD, '203.0.113.5')).json().code).toBe(0);
  }, 60_000);

  it('is for administrators only: a user manager without the admin role gets FORBIDDEN', async () => {
    expect((await k.call('GET', '/api/login-locks', undefined, manager.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await k.call('DELETE', '/api/login-locks', { username: 'admin' }, manager.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await k.call('GET', '/api/login-locks', undefined, null)).body.code).toBe(ErrorCode.TOKEN_MISSING);
  });

  it('names the field when the body is wrong', async () => {
    const response = await k.call('DELETE', '/api/login-locks', { username: '' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.data.issues[0]).toMatchObject({ field: 'username' });
  });
});
