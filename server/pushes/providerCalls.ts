import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ProviderCall, ProviderCallPage, providerCallQuerySchema, PushChannel } from '@shared/schemas';
import type { Database } from '../db/schema';
import { adapterFor, type ChannelConfigs, type OutgoingMessage, type ProviderAnswer } from './channels';
import { clip } from './channels/channelAdapter';

export interface ProviderCallResult extends ProviderAnswer {
  durationMs: number;
}

/**
 * Sends one message through the channel's adapter and records the call in provider_calls (endpoint
 * without credentials, status, short detail, duration). Never throws: a transport failure is an answer
 * without status.
 */
export async function callProvider<C extends PushChannel>(
  db: Kysely<Database>,
  channel: C,
  config: ChannelConfigs[C],
  message: OutgoingMessage,
  recordId: number | null,
  clock: () => number = Date.now,
): Promise<ProviderCallResult> {
  const started = performance.now();
  let endpoint = 'unknown';
  let answer: ProviderAnswer;
  try {
    const adapter = adapterFor(channel, config);
    endpoint = adapter.endpoint(config);
    answer = await adapter.send(config, message);
  } catch (error) {
    answer = { ok: false, status: null, detail: failureText(error) };
  }
  const durationMs = Math.round(performance.now() - started);
  const detail = clip(answer.detail || (answer.ok ? 'accepted' : 'refused'));
  await db
    .insertInto('provider_calls')
    .values({ record_id: recordId, channel, endpoint, ok: answer.ok ? 1 : 0, status: answer.status, detail, duration_ms: durationMs, at: clock() })
    .execute();
  return { ...answer, detail, durationMs };
}

/** "fetch failed: connect ECONNREFUSED 127.0.0.1:1": fetch hides the reason in `cause`. */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error && cause.message ? `${error.message}: ${cause.message}` : error.message;
}

/**
 * GET /api/provider-calls: newest first. With `owners` (a tree), only the calls made for that tree's
 * push records; channel tests and other calls of no record are for administrators.
 */
export async function listProviderCalls(
  db: Kysely<Database>,
  query: z.output<typeof providerCallQuerySchema>,
  owners: number[] | null = null,
): Promise<ProviderCallPage> {
  let select = db.selectFrom('provider_calls');
  if (owners) {
    select = select.where('record_id', 'in', (eb) =>
      eb
        .selectFrom('push_records')
        .innerJoin('push_tasks', 'push_tasks.id', 'push_records.task_id')
        .select('push_records.id')
        .where('push_tasks.owner_user_id', 'in', owners),
    );
  }
  if (query.channel) select = select.where('channel', '=', query.channel);
  if (query.ok) select = select.where('ok', '=', query.ok === 'true' ? 1 : 0);
  if (query.recordId !== undefined) select = select.where('record_id', '=', query.recordId);
  const counted = await select.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await select
    .selectAll()
    .orderBy('id', 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  const toCall = (row: (typeof rows)[number]): ProviderCall => ({
    id: row.id,
    recordId: row.record_id,
    channel: row.channel as PushChannel,
    endpoint: row.endpoint,
    ok: row.ok === 1,
    status: row.status,
    detail: row.detail,
    durationMs: row.duration_ms,
    at: Number(row.at),
  });
  return { total: Number(counted.n), rows: rows.map(toCall) };
}
