import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { postgresPool } from './connect';

/** A pg client that connects at once and can be made to lose its connection, as a PostgreSQL restart does. */
class FakeClient extends EventEmitter {
  _queryable = true;
  _ending = false;
  connect(callback: (error?: Error) => void): void {
    callback();
  }
  lose(message: string): void {
    // What pg's Client does when its socket ends (client.js _handleErrorEvent).
    this._queryable = false;
    this.emit('error', new Error(message));
  }
  end(callback?: () => void): void {
    this._ending = true;
    callback?.();
  }
}

const fakePool = (warnings: string[]) => postgresPool({ Client: FakeClient as never, max: 2 }, (message) => warnings.push(message));

describe('postgresPool', () => {
  it('survives a connection in use being closed by the server, and drops it when it is released', async () => {
    const warnings: string[] = [];
    const pool = fakePool(warnings);
    const client = await pool.connect();
    // Without a listener on the checked-out client this throws (an unhandled 'error' event ends the process).
    expect(() => (client as unknown as FakeClient).lose('Connection terminated unexpectedly')).not.toThrow();
    client.release();
    expect(pool.totalCount).toBe(0);
    expect(warnings).toEqual(['PostgreSQL: a connection in use was closed (Connection terminated unexpectedly); its work fails and is retried']);
    const next = await pool.connect();
    expect(next).not.toBe(client);
    next.release();
    await pool.end();
  });

  it('survives an idle connection being closed, with one warning', async () => {
    const warnings: string[] = [];
    const pool = fakePool(warnings);
    const client = await pool.connect();
    client.release();
    expect(() => (client as unknown as FakeClient).lose('terminating connection due to administrator command')).not.toThrow();
    expect(pool.totalCount).toBe(0);
    expect(warnings).toEqual(['PostgreSQL: an idle connection was closed (terminating connection due to administrator command); reconnecting on demand']);
    await pool.end();
  });
});
