import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { treeMembers } from '@server/tenancy/ownerScope';

/** Tables every request may write whoever calls: sessions, login counters (member sign-in codes and limits too), call logs. */
const NOISE = /^(sessions|login_.*|member_login_codes|audit_log|interface_calls|provider_calls|kysely_.*|seeded_samples)$/;

async function tableNames(app: FastifyInstance): Promise<string[]> {
  const db = app.storage.db;
  const rows =
    app.storage.kind === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  return rows
    .map((r) => r.name)
    .filter((name) => !NOISE.test(name))
    .sort();
}

const text = (value: unknown): string =>
  Buffer.isBuffer(value) ? value.toString('base64') : typeof value === 'bigint' ? value.toString() : JSON.stringify(value);

/**
 * Everything stored, as one comparable text, except what the caller's own tree (`ownTreeRoot`) owns
 * and the rows hanging off it: a caller may change its own tree, never another's or the platform's.
 */
export async function fingerprint(app: FastifyInstance, ownTreeRoot: number): Promise<string> {
  const db = app.storage.db;
  const own = await treeMembers(db, ownTreeRoot);
  const ownedIds = async (table: 'meters' | 'boards' | 'push_tasks') =>
    new Set(
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('owner_user_id', 'in', [...own])
          .execute()
      ).map((r) => r.id),
    );
  const byParent: Record<string, Set<number>> = {
    user_id: own,
    meter_id: await ownedIds('meters'),
    board_id: await ownedIds('boards'),
    task_id: await ownedIds('push_tasks'),
  };
  const parts: string[] = [];
  for (const table of await tableNames(app)) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
    const kept = rows.filter((row) => {
      if ('owner_user_id' in row && own.has(Number(row.owner_user_id))) return false;
      if (table === 'users' && own.has(Number(row.id))) return false;
      for (const [column, ids] of Object.entries(byParent)) if (column in row && ids.has(Number(row[column]))) return false;
      return true;
    });
    const lines = kept
      .map((row) =>
        Object.keys(row)
          .sort()
          .map((key) => `${key}=${text(row[key])}`)
          .join(','),
      )
      .sort();
    parts.push(`${table}:${lines.join('\n')}`);
  }
  return parts.join('\n\n');
}

/** The first line that differs between two fingerprints, for a readable failure. */
export function firstDifference(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return `before: ${a[i] ?? '(none)'}\nafter:  ${b[i] ?? '(none)'}`;
  return '';
}
