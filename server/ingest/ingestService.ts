import type { Kysely } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import { parseUplink, type RejectedReading, type MeterReading } from '@shared/metering';
import { replaceNul } from '@shared/schemas/text';
import type { Database } from '../db/schema';
import { DEFAULT_QUEUE, IngestQueue, POSTGRES_QUEUE, QueueFullError, type QueueOptions } from './ingestQueue';
import { IngestEvents } from './ingestEvents';
import { MeterDirectory, type Directory } from './meterDirectory';
import { rejectionOwner } from './rejectionOwner';
import { SeenThrottle } from './batchStore';
import { PostgresBatchStore } from './postgresBatchStore';
import { writeBatch, type BatchTally, type ResolvedReading, type SeenThrottles } from './readingWriter';
import { SqliteBatchStore } from './sqliteBatchStore';
import type { TariffBook } from '../tariffs/tariffBook';
import type { Ingest, IngestOutcome, IngestRefusal, IngestSource } from './types';

/** Rejections kept for the console's list; older ones are pruned. */
const REJECTION_RETENTION_MS = 30 * 24 * 3600_000;

/**
 * The ingestion pipeline shared by MQTT and HTTP: validate → resolve meters and check the gateway →
 * bounded queue → one transaction per batch → answer after commit. Bad items are recorded with
 * their reason; the rest of the payload is kept.
 */
export class IngestService implements Ingest {
  readonly directory: MeterDirectory;
  private readonly queue: IngestQueue;
  /** Each payload's new readings once their batch committed: subscribe with `events.onCommitted`. */
  readonly events: IngestEvents;
  /** Told when recording rejections fails (the server logs it); the answer does not change. */
  onRecordError?: (error: unknown) => void;
  private readonly tally: BatchTally = { quarantined: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    timeZone: string,
    queueOptions?: QueueOptions,
    /** SQLite: the raw connection, so batches are written with prepared statements. */
    sqlite?: SqliteDatabase.Database,
    onListenerError?: (error: unknown) => void,
  ) {
    this.events = new IngestEvents(onListenerError);
    this.directory = new MeterDirectory(db, { timeZone });
    const seen: SeenThrottles = { meters: new SeenThrottle(), gateways: new SeenThrottle() };
    const tally = this.tally;
    const write = sqlite
      ? async (readings: ResolvedReading[]) => writeOnSqlite(db, sqlite, readings, timeZone, seen, tally, (await this.directory.get()).book)
      : async (readings: ResolvedReading[]) => {
          const { book } = await this.directory.get();
          return db.transaction().execute(async (trx) => {
            const store = new PostgresBatchStore(trx);
            const accepted = await writeBatch(store, readings, timeZone, Date.now(), seen, tally, book);
            await store.flush();
            return accepted;
          });
        };
    // PostgreSQL: batches of its own size (POSTGRES_QUEUE).
    this.queue = new IngestQueue(write, queueOptions ?? (sqlite ? DEFAULT_QUEUE : POSTGRES_QUEUE));
  }

  async submit(payload: unknown, source: IngestSource): Promise<IngestOutcome | IngestRefusal> {
    const parsed = parseUplink(payload);
    if (!parsed.ok) return this.refuse(parsed.reason, source);
    let resolution = resolve(await this.directory.get(), parsed.accepted, source);
    if (resolution.missing.length > 0) {
      // The copy may predate a gateway or meter added or moved through another process a moment ago: look again
      // before refusing (a refusal is final: MQTT acknowledges it). One shared load at most per second.
      const fresh = await this.directory.reloadFor(resolution.missing);
      if (fresh) {
        resolution = resolve(fresh, parsed.accepted, source);
        this.directory.confirmMissing(resolution.missing);
      }
    }
    if (resolution.refusal !== undefined) return this.refuse(resolution.refusal, source);
    let { resolved, rejected } = resolution;
    rejected.push(...parsed.rejected);
    let accepted: boolean[];
    try {
      accepted = await this.push(resolved, source);
    } catch (error) {
      if (error instanceof QueueFullError) return { refused: error.message, busy: true };
      // A batch fails as a whole: a meter deleted through another process (its foreign key) takes every payload
      // written with it down. Once more with a directory loaded after the failure (one load for the whole batch),
      // where that meter is unknown; a second failure is a real one.
      const again = resolve(await this.directory.fresh(), parsed.accepted, source);
      if (again.refusal !== undefined) return this.refuse(again.refusal, source);
      ({ resolved, rejected } = again);
      rejected.push(...parsed.rejected);
      try {
        accepted = await this.push(resolved, source);
      } catch (failure) {
        if (failure instanceof QueueFullError) return { refused: failure.message, busy: true };
        throw failure;
      }
    }
    const quarantined = this.tally.quarantined > 0;
    this.tally.quarantined = 0;
    this.events.emitCommitted({ readings: resolved.filter((_, index) => accepted[index]), quarantined });
    rejected.sort((a, b) => a.index - b.index);
    await this.recordRejections(rejected, source);
    const acceptedCount = accepted.filter(Boolean).length;
    return { accepted: acceptedCount, duplicates: accepted.length - acceptedCount, rejected };
  }

  /**
   * MQTT waits for room (its PUBACK and next packets wait with it: TCP backpressure, no resend); HTTP is told
   * "busy" at once and retries.
   */
  private push(resolved: ResolvedReading[], source: IngestSource): Promise<boolean[]> {
    return this.queue.push(resolved, source.kind === 'mqtt' ? 'wait' : 'refuse');
  }

  congested(): boolean {
    return this.queue.congested;
  }

  /** Finish what is queued (graceful shutdown). */
  drain(): Promise<void> {
    return this.queue.drain();
  }

  private async refuse(reason: string, source: IngestSource): Promise<IngestRefusal> {
    await this.recordRejections([{ index: -1, meter: null, reason }], source);
    return { refused: reason };
  }

  /**
   * Best effort, after the batch committed: the readings are stored and the sender must be told so (an
   * MQTT publisher that gets no PUBACK resends forever), so a failure here is reported, never thrown.
   * The texts come from the sender and may hold U+0000, which PostgreSQL cannot store: it becomes U+FFFD.
   */
  private async recordRejections(rejected: RejectedReading[], source: IngestSource, now = Date.now()): Promise<void> {
    if (rejected.length === 0) return;
    const storable = (value: string | null | undefined) => (value == null ? null : replaceNul(value));
    try {
      const owner = await rejectionOwner(this.db, source);
      await this.db
        .insertInto('ingest_rejections')
        .values(
          rejected.slice(0, 500).map((r) => ({
            at: now,
            source: source.kind,
            gateway_sn: storable(source.gatewaySn),
            meter_code: storable(r.meter),
            reason: replaceNul(r.reason),
            owner_user_id: owner,
          })),
        )
        .execute();
      if (Math.random() < 0.01)
        await this.db
          .deleteFrom('ingest_rejections')
          .where('at', '<', now - REJECTION_RETENTION_MS)
          .execute();
    } catch (error) {
      this.onRecordError?.(error);
    }
  }
}

interface Resolution {
  /** The whole payload is refused (an unknown gateway). */
  refusal?: string;
  resolved: ResolvedReading[];
  rejected: RejectedReading[];
  /** Names the directory could not place (`gateway:<sn>`, `meter:<code>`): a newer copy might. */
  missing: string[];
}

/** The payload's valid readings against one directory: its meters, and whether the source may write them. */
function resolve(directory: Directory, readings: readonly MeterReading[], source: IngestSource): Resolution {
  let gatewayId: number | undefined;
  if (source.gatewaySn !== undefined) {
    gatewayId = directory.gatewayIdBySn.get(source.gatewaySn);
    if (gatewayId === undefined)
      return { refusal: `unknown gateway "${source.gatewaySn}"`, resolved: [], rejected: [], missing: [`gateway:${source.gatewaySn}`] };
  }
  const rejected: RejectedReading[] = [];
  const resolved: ResolvedReading[] = [];
  const missing = new Set<string>();
  for (const reading of readings) {
    const { index } = reading;
    const meter = directory.meterByCode.get(reading.meter);
    if (!meter) rejected.push({ index, meter: reading.meter, reason: `unknown meter "${reading.meter}"` });
    else if (gatewayId !== undefined && meter.gatewayId !== gatewayId)
      rejected.push({ index, meter: reading.meter, reason: `meter "${reading.meter}" is not on gateway "${source.gatewaySn}"` });
    else if (source.allowedGatewayIds && (meter.gatewayId === null || !source.allowedGatewayIds.has(meter.gatewayId))) {
      rejected.push({ index, meter: reading.meter, reason: `meter "${reading.meter}" is not on a gateway of this interface key's owner` });
    } else {
      resolved.push({ meter, ts: reading.ts, values: reading.values });
      continue;
    }
    missing.add(`meter:${reading.meter}`);
  }
  return { resolved, rejected, missing: [...missing] };
}

/**
 * Holding kysely's single SQLite connection keeps every other query (and any kysely transaction) out
 * while this batch runs its own transaction on the raw connection.
 */
function writeOnSqlite(
  db: Kysely<Database>,
  sqlite: SqliteDatabase.Database,
  readings: ResolvedReading[],
  timeZone: string,
  seen: SeenThrottles,
  tally: BatchTally,
  book: TariffBook,
): Promise<boolean[]> {
  return db.connection().execute(async () => {
    sqlite.exec('begin immediate');
    try {
      const result = await writeBatch(new SqliteBatchStore(sqlite), readings, timeZone, Date.now(), seen, tally, book);
      sqlite.exec('commit');
      return result;
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('rollback');
      throw error;
    }
  });
}
