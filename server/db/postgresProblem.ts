import pg from 'pg';
import { StartupProblem } from '../logging/startupProblem';

/** How long the first connection may take before PostgreSQL counts as unreachable (a black-holed host would hang forever). */
const PROBE_TIMEOUT_MS = 10_000;

function errorCodes(error: unknown): string[] {
  const own = (error as { code?: unknown } | null)?.code;
  const codes = typeof own === 'string' ? [own] : [];
  // `localhost` is tried as ::1 and 127.0.0.1: Node reports both refusals in an AggregateError.
  if (error instanceof AggregateError) for (const inner of error.errors) codes.push(...errorCodes(inner));
  return codes;
}

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'unknown host',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'timed out',
};

/** The start-up sentence for a failed first connection to `where` (host:port/database, no password). */
export function postgresProblem(error: unknown, where: string, database: string): StartupProblem {
  const codes = errorCodes(error);
  const message = error instanceof Error ? error.message : String(error);
  const unreachable = codes.map((code) => UNREACHABLE[code]).find(Boolean) ?? (/timeout/i.test(message) ? 'timed out' : undefined);
  const options = { cause: error };
  if (unreachable)
    return new StartupProblem(
      `PostgreSQL at ${where} cannot be reached (${unreachable}), so the server cannot start; start PostgreSQL there or correct DATABASE_URL (leave it unset to use the embedded SQLite file).`,
      options,
    );
  if (codes.includes('28P01') || codes.includes('28000'))
    return new StartupProblem(
      `PostgreSQL at ${where} refused the login (${message}), so the server cannot start; correct the user and password in DATABASE_URL.`,
      options,
    );
  if (codes.includes('3D000'))
    return new StartupProblem(
      `PostgreSQL at ${where} has no database "${database}", so the server cannot start; create it (createdb ${database}) or correct DATABASE_URL.`,
      options,
    );
  return new StartupProblem(
    `PostgreSQL at ${where} cannot be used (${message}), so the server cannot start; check DATABASE_URL and the database's log.`,
    options,
  );
}

/** Opens and closes one connection, so an unreachable database is told plainly before any pool or migration trips on it. */
export async function probePostgres(url: string, where: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  client.on('error', () => undefined); // a late socket error after a failed connect must not crash the process
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw postgresProblem(error, where, decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** DATABASE_URL without its password (host:port/database), for logs; a value that is no URL is a start-up problem. */
export function postgresWhere(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new StartupProblem('DATABASE_URL is not a URL, so the server cannot start; write it as postgres://user:password@host:5432/database.', {
      cause: error,
    });
  }
  return `${parsed.host}${parsed.pathname}`;
}
