import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';

/**
 * A fixed-window counter kept in member_login_codes under a key no phone can have (`@addr:…`, `@phone:…`): one
 * atomic upsert per call (no read-modify-write), so parallel requests and several server processes count together,
 * and member sign-in never shares a count with the console's login throttle. `code_hash` is '' on these rows,
 * `attempts` is the count, `sent_at`/`expires_at` the window.
 */
export async function countInWindow(db: Kysely<Database>, key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }> {
  const expired = sql<boolean>`member_login_codes.expires_at <= ${now}`;
  const row = await db
    .insertInto('member_login_codes')
    .values({ phone: key, code_hash: '', attempts: 1, sent_at: now, expires_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('phone').doUpdateSet({
        attempts: sql`case when ${expired} then 1 else member_login_codes.attempts + 1 end`,
        sent_at: sql`case when ${expired} then ${now} else member_login_codes.sent_at end`,
        expires_at: sql`case when ${expired} then ${now + windowMs} else member_login_codes.expires_at end`,
      }),
    )
    .returning(['attempts', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.attempts), resetAt: Number(row.expires_at) };
}

/** Refuses with 429 (TOO_MANY_ATTEMPTS, Retry-After) once the window's count passes `limit`. */
export async function limitOrThrow(db: Kysely<Database>, key: string, limit: number, windowMs: number, now: number, what: string): Promise<void> {
  const { count, resetAt } = await countInWindow(db, key, windowMs, now);
  if (count <= limit) return;
  const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
  throw new AppError('TOO_MANY_ATTEMPTS', {
    message: `Too many ${what}; try again in ${Math.ceil(retryAfter / 60)} minutes`,
    data: { retryAfterSeconds: retryAfter },
    headers: { 'retry-after': String(retryAfter) },
  });
}

/** Old windows and spent codes are removed now and then (a row per phone or address otherwise stays forever). */
export async function purgeExpired(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom('member_login_codes')
    .where('expires_at', '<', now - 24 * 3600_000)
    .execute();
}
