import type { Kysely, Selectable } from 'kysely';
import {
  isCredentialHeader,
  MASKED_HEADER_VALUE,
  type ForwardEndpoint,
  type ForwardEndpointFields,
  type ForwardHeader,
  type ForwardMethod,
} from '@shared/schemas/forwarding';
import type { Database, ForwardEndpointsTable } from '../db/schema';
import { flag, isSet } from '../db/columns';

export type EndpointRow = Selectable<ForwardEndpointsTable>;

const parseIds = (json: string): number[] => (JSON.parse(json) as unknown[]).filter((v): v is number => typeof v === 'number');
export const headersOf = (row: Pick<EndpointRow, 'headers'>): ForwardHeader[] => JSON.parse(row.headers) as ForwardHeader[];

/** The API shape: the secret only as `hasSecret`, credential header values as `***`. */
export function toEndpoint(row: EndpointRow, queued: number): ForwardEndpoint {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    method: row.method as ForwardMethod,
    headers: headersOf(row).map((h) => (isCredentialHeader(h.name) && h.value !== '' ? { name: h.name, value: MASKED_HEADER_VALUE } : h)),
    hasSecret: row.secret !== null && row.secret !== '',
    sendReadings: isSet(row.send_readings),
    sendEnergy: isSet(row.send_energy),
    sendAlarms: isSet(row.send_alarms),
    meterIds: parseIds(row.meter_ids),
    departmentIds: parseIds(row.department_ids),
    batchSize: row.batch_size,
    intervalSeconds: row.interval_s,
    maxAttempts: row.max_attempts,
    backoffSeconds: row.backoff_s,
    paused: isSet(row.paused),
    dropped: Number(row.dropped),
    queued,
    lastStatus: row.last_status,
    lastError: row.last_error,
    lastCallAt: row.last_call_at === null ? null : Number(row.last_call_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** A masked header value sent back unchanged keeps what was stored under that name. */
function mergeHeaders(given: ForwardHeader[], stored: ForwardHeader[]): ForwardHeader[] {
  const before = new Map(stored.map((h) => [h.name.toLowerCase(), h.value]));
  return given.map((h) =>
    h.value === MASKED_HEADER_VALUE && before.has(h.name.toLowerCase()) ? { name: h.name, value: before.get(h.name.toLowerCase())! } : h,
  );
}

function columns(fields: ForwardEndpointFields, stored: EndpointRow | undefined) {
  const secret = fields.clearSecret ? null : fields.secret ? fields.secret : (stored?.secret ?? null);
  return {
    name: fields.name,
    url: fields.url,
    method: fields.method,
    headers: JSON.stringify(mergeHeaders(fields.headers, stored ? headersOf(stored) : [])),
    secret,
    send_readings: flag(fields.sendReadings),
    send_energy: flag(fields.sendEnergy),
    send_alarms: flag(fields.sendAlarms),
    meter_ids: JSON.stringify([...new Set(fields.meterIds)]),
    department_ids: JSON.stringify([...new Set(fields.departmentIds)]),
    batch_size: fields.batchSize,
    interval_s: fields.intervalSeconds,
    max_attempts: fields.maxAttempts,
    backoff_s: fields.backoffSeconds,
  };
}

/** The stored endpoints; counters are added to atomically so several processes can share a row. */
export class EndpointRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(owners: readonly number[] | null): Promise<EndpointRow[]> {
    let select = this.db.selectFrom('forward_endpoints').selectAll();
    if (owners) select = select.where('owner_user_id', 'in', [...owners]);
    return select.orderBy('id').execute();
  }

  find(id: number): Promise<EndpointRow | undefined> {
    return this.db.selectFrom('forward_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async create(fields: ForwardEndpointFields, owner: number, now = Date.now()): Promise<EndpointRow> {
    return this.db
      .insertInto('forward_endpoints')
      .values({
        ...columns(fields, undefined),
        paused: 0,
        dropped: 0,
        last_status: null,
        last_error: null,
        last_call_at: null,
        created_at: now,
        updated_at: now,
        owner_user_id: owner,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(stored: EndpointRow, fields: ForwardEndpointFields, now = Date.now()): Promise<EndpointRow> {
    await this.db
      .updateTable('forward_endpoints')
      .set({ ...columns(fields, stored), updated_at: now })
      .where('id', '=', stored.id)
      .execute();
    return (await this.find(stored.id))!;
  }

  async setPaused(id: number, paused: boolean, now = Date.now()): Promise<void> {
    await this.db
      .updateTable('forward_endpoints')
      .set({ paused: flag(paused), updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('forward_calls').where('endpoint_id', '=', id).execute();
      await trx.deleteFrom('forward_endpoints').where('id', '=', id).execute();
    });
  }

  async addDropped(id: number, count: number): Promise<void> {
    if (count <= 0) return;
    await this.db
      .updateTable('forward_endpoints')
      .set((eb) => ({ dropped: eb('dropped', '+', count) }))
      .where('id', '=', id)
      .execute();
  }

  async setLastCall(id: number, at: number, status: number | null, error: string | null): Promise<void> {
    await this.db.updateTable('forward_endpoints').set({ last_call_at: at, last_status: status, last_error: error }).where('id', '=', id).execute();
  }
}
