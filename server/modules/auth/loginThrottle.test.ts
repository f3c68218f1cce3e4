import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '@tests/support/testApp';
import { insertSubUser } from '@tests/support/users';

/**
 * The login throttle under attack: parallel guesses, guesses from many addresses, one address guessing
 * many accounts, and an attacker trying to lock the administrator out. Addresses are set per request
 * (inject's remoteAddress), as the socket would give them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Secret!234';
// Slow by design when the throttle does not hold: every guess is an argon2id verification.
const ATTACK_TIMEOUT = 180_000;

const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

interface Tally {
  failed: number;
  loggedIn: number;
  throttled: number;
  serverErrors: number;
}

/** Fires every guess at once and counts the answers: LOGIN_FAILED and a login mean the password was checked. */
async function guessAll(username: string, guesses: readonly { password: string; from: string }[]): Promise<Tally> {
  const answers = await Promise.all(guesses.map((g) => login(username, g.password, g.from)));
  const tally: Tally = { failed: 0, loggedIn: 0, throttled: 0, serverErrors: 0 };
  for (const answer of answers) {
    if (answer.statusCode >= 500) tally.serverErrors++;
    const code = (answer.json() as { code: number }).code;
    if (code === 0) tally.loggedIn++;
    if (code === ErrorCode.LOGIN_FAILED) tally.failed++;
    if (code === ErrorCode.TOO_MANY_ATTEMPTS) tally.throttled++;
  }
  return tally;
}

describe('parallel guesses at one account', () => {
  it(
    'checks 5 of 200 simultaneous guesses from one address; the right password among the rest does not log in',
    async () => {
      await insertSubUser(t.app, { username: 'parallel1', password: PASSWORD });
      const guesses = Array.from({ length: 200 }, (_, i) => ({ password: i === 100 ? PASSWORD : `wrong-${i}`, from: '203.0.113.10' }));
      expect(await guessAll('parallel1', guesses)).toEqual({ failed: 5, loggedIn: 0, throttled: 195, serverErrors: 0 });
    },
    ATTACK_TIMEOUT,
  );

  it(
    'checks at most 50 of 200 simultaneous guesses spread over 50 addresses (the account-wide limit)',
    async () => {
      await insertSubUser(t.app, { username: 'parallel2', password: PASSWORD });
      const guesses = Array.from({ length: 200 }, (_, i) => ({ password: `wrong-${i}`, from: `198.51.100.${(i % 50) + 1}` }));
      expect(await guessAll('parallel2', guesses)).toEqual({ failed: 50, loggedIn: 0, throttled: 150, serverErrors: 0 });
      const locked = await login('parallel2', PASSWORD, '192.0.2.99');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe('Too many failed logins for this account, try again in 15 minutes');
    },
    ATTACK_TIMEOUT,
  );
});

describe('an attacker cannot lock the administrator out', () => {
  it('5 failures from one address lock that address out of admin, not admin logging in from another', async () => {
    for (let i = 0; i < 5; i++) expect((await login('admin', `guess-${i}`, '203.0.113.66')).json().code).toBe(ErrorCode.LOGIN_FAILED);
    const attacker = await login('admin', TEST_ADMIN_PASSWORD, '203.0.113.66');
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json()).toMatchObject({ code: ErrorCode.TOO_MANY_ATTEMPTS, message: 'Too many failed logins for this account, try again in 15 minutes' });
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(attacker.json().data.retryAfterSeconds).toBe(Number(attacker.headers['retry-after']));

    const realAdmin = await login('admin', TEST_ADMIN_PASSWORD, '192.0.2.1');
    expect(realAdmin.json().code).toBe(0);
  });
});

describe('one address guessing across accounts', () => {
  it(
    'is refused after 30 failed guesses, whatever account name comes next; other addresses are unaffected',
    async () => {
      await insertSubUser(t.app, { username: 'sprayed', password: PASSWORD });
      for (let i = 0; i < 30; i++) expect((await login(`someone${i}`, 'Password1!', '203.0.113.77')).json().code).toBe(ErrorCode.LOGIN_FAILED);
      const refused = await login('sprayed', PASSWORD, '203.0.113.77');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: ErrorCode.TOO_MANY_ATTEMPTS, message: 'Too many failed logins from this address, try again in 15 minutes' });
      expect((await login('sprayed', PASSWORD, '203.0.113.78')).json().code).toBe(0);
    },
    ATTACK_TIMEOUT,
  );

  it(
    'does not count successful logins, so many people behind one address can sign in',
    async () => {
      await insertSubUser(t.app, { username: 'office', password: PASSWORD });
      for (let i = 0; i < 35; i++) expect((await login('office', PASSWORD, '203.0.113.88')).json().code).toBe(0);
    },
    ATTACK_TIMEOUT,
  );
});

describe('the address the throttle counts', () => {
  it('is the socket address by default: a made-up X-Forwarded-For does not buy fresh guesses', async () => {
    await insertSubUser(t.app, { username: 'spoofed', password: PASSWORD });
    const viaHeader = (password: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'spoofed', password },
        remoteAddress: '203.0.113.99',
        headers: { 'x-forwarded-for': `10.9.8.${i}` },
      });
    for (let i = 0; i < 5; i++) expect((await viaHeader(`bad-${i}`, i)).json().code).toBe(ErrorCode.LOGIN_FAILED);
    expect((await viaHeader(PASSWORD, 6)).json().code).toBe(ErrorCode.TOO_MANY_ATTEMPTS);
  });
});
