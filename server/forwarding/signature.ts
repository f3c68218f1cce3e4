import { createHmac, timingSafeEqual } from 'node:crypto';

/** The headers a signed batch carries (documented for integrators in README.md). */
export const SIGNATURE_HEADER = 'x-energy-signature';
export const TIMESTAMP_HEADER = 'x-energy-timestamp';

/**
 * `sha256=<hex>` of HMAC-SHA256(secret, `<timestamp>.<body>`) over the exact body bytes. The timestamp is
 * inside the signed text so a captured batch cannot be replayed later under a fresh timestamp.
 */
export function signBody(secret: string, timestamp: number, body: string | Buffer): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(body);
  return `sha256=${hmac.digest('hex')}`;
}

/** What a receiver does (tests use it as the receiver): constant-time comparison of the expected signature. */
export function verifySignature(secret: string, timestamp: string, body: Buffer, signature: string): boolean {
  if (!/^\d+$/.test(timestamp)) return false;
  const expected = Buffer.from(signBody(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
