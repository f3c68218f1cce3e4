import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ForwardCall, ForwardCallPage, forwardCallQuerySchema } from '@shared/schemas/forwarding';
import type { Database } from '../db/schema';
import type { CallOutcome } from './httpSender';

/** Retention: calls older than this go, and an endpoint keeps at most `perEndpoint` of the newest. */
export interface CallRetention {
  maxAgeMs: number;
  perEndpoint: number;
}
export const DEFAULT_RETENTION: CallRetention = { maxAgeMs: 30 * 24 * 3600_000, perEndpoint: 10_000 };

/** The record of every call to an endpoint (msg/webServiceRecord). */
export class CallRecords {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly retention: CallRetention = DEFAULT_RETENTION,
  ) {}

  async record(endpointId: number, at: number, items: number, attempt: number, outcome: CallOutcome, test = false): Promise<void> {
    await this.db
      .insertInto('forward_calls')
      .values({
        endpoint_id: endpointId,
        at,
        items,
        ok: outcome.ok ? 1 : 0,
        status: outcome.status,
        error: outcome.error,
        duration_ms: outcome.durationMs,
        attempt,
        test: test ? 1 : 0,
      })
      .execute();
  }

  /** Drops calls past the retention (run now and then by the forwarding loop). */
  async prune(now = Date.now()): Promise<void> {
    await this.db
      .deleteFrom('forward_calls')
      .where('at', '<', now - this.retention.maxAgeMs)
      .execute();
    const endpoints = await this.db
      .selectFrom('forward_calls')
      .select('endpoint_id')
      .groupBy('endpoint_id')
      .having((eb) => eb.fn.countAll(), '>', this.retention.perEndpoint)
      .execute();
    for (const { endpoint_id } of endpoints) {
      const edge = await this.db
        .selectFrom('forward_calls')
        .select('id')
        .where('endpoint_id', '=', endpoint_id)
        .orderBy('id', 'desc')
        .offset(this.retention.perEndpoint - 1)
        .limit(1)
        .executeTakeFirst();
      if (edge) await this.db.deleteFrom('forward_calls').where('endpoint_id', '=', endpoint_id).where('id', '<', edge.id).execute();
    }
  }

  /** Newest first; `owners` limits to the endpoints of a tree (null: every tree). */
  async list(query: z.output<typeof forwardCallQuerySchema>, owners: number[] | null): Promise<ForwardCallPage> {
    let select = this.db.selectFrom('forward_calls').innerJoin('forward_endpoints', 'forward_endpoints.id', 'forward_calls.endpoint_id');
    if (owners) select = select.where('forward_endpoints.owner_user_id', 'in', owners);
    if (query.endpointId !== undefined) select = select.where('forward_calls.endpoint_id', '=', query.endpointId);
    if (query.result) select = select.where('forward_calls.ok', '=', query.result === 'ok' ? 1 : 0);
    if (query.status !== undefined)
      select = query.status === 0 ? select.where('forward_calls.status', 'is', null) : select.where('forward_calls.status', '=', query.status);
    const counted = await select.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const rows = await select
      .selectAll('forward_calls')
      .select('forward_endpoints.name as endpoint_name')
      .orderBy('forward_calls.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    const toCall = (row: (typeof rows)[number]): ForwardCall => ({
      id: row.id,
      endpointId: row.endpoint_id,
      endpointName: row.endpoint_name,
      at: Number(row.at),
      items: row.items,
      ok: row.ok === 1,
      status: row.status,
      error: row.error,
      durationMs: row.duration_ms,
      attempt: row.attempt,
      test: row.test === 1,
    });
    return { total: Number(counted.n), rows: rows.map(toCall) };
  }
}
