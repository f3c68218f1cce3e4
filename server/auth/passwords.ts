import argon2 from 'argon2';
import { randomInt } from 'node:crypto';

/** argon2id with the library's defaults (m=64 MiB, t=3, p=4), as OWASP suggests. */
export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false; // a malformed stored hash must read as "wrong password", not crash the login
  }
}

// A hash to verify against when the account does not exist, so both paths take the same time.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-for-unknown-accounts');
  return decoyHash;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!$#%@&*';

/** A 20-character password that meets the spec's password rule (§5: upper, lower, digit, one of ! $ # % @ & *). */
export function generatePassword(): string {
  const pick = (set: string) => set[randomInt(set.length)] as string;
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < 20) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
