import { describe, expect, it } from 'vitest';
import { freePort } from '../../tests/support/serverProcess';
import { postgresProblem, postgresWhere, probePostgres } from './postgresProblem';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
const fix = 'so the server cannot start; start PostgreSQL there or correct DATABASE_URL (leave it unset to use the embedded SQLite file).';

describe('postgresProblem', () => {
  it('names an unreachable server, also when localhost was tried on both addresses', () => {
    const both = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], '');
    expect(postgresProblem(both, 'localhost:5432/energy', 'energy').message).toBe(
      `PostgreSQL at localhost:5432/energy cannot be reached (connection refused), ${fix}`,
    );
    expect(postgresProblem(coded('ENOTFOUND'), 'db:5432/energy', 'energy').message).toBe(
      `PostgreSQL at db:5432/energy cannot be reached (unknown host), ${fix}`,
    );
    expect(postgresProblem(new Error('timeout expired'), 'db:5432/energy', 'energy').message).toBe(
      `PostgreSQL at db:5432/energy cannot be reached (timed out), ${fix}`,
    );
  });

  it('tells a refused login and a missing database apart, each with its fix', () => {
    expect(postgresProblem(coded('28P01', 'password authentication failed for user "energy"'), 'db:5432/energy', 'energy').message).toBe(
      'PostgreSQL at db:5432/energy refused the login (password authentication failed for user "energy"), so the server cannot start; correct the user and password in DATABASE_URL.',
    );
    expect(postgresProblem(coded('3D000'), 'db:5432/energy', 'energy').message).toBe(
      'PostgreSQL at db:5432/energy has no database "energy", so the server cannot start; create it (createdb energy) or correct DATABASE_URL.',
    );
  });

  it('keeps the password out of where it points', () => {
    expect(postgresWhere('postgres://energy:s3cret@db.plant:5433/energy')).toBe('db.plant:5433/energy');
    expect(() => postgresWhere('not a url')).toThrow(
      'DATABASE_URL is not a URL, so the server cannot start; write it as postgres://user:password@host:5432/database.',
    );
  });
});

describe('probePostgres', () => {
  it('fails on a closed port with the sentence, not a socket error', async () => {
    const port = await freePort();
    await expect(probePostgres(`postgres://energy:s3cret@127.0.0.1:${port}/energy`, `127.0.0.1:${port}/energy`)).rejects.toThrow(
      `PostgreSQL at 127.0.0.1:${port}/energy cannot be reached (connection refused), ${fix}`,
    );
  });
});
