import type { Kysely } from 'kysely';
import type { CompletionInterval } from '@shared/schemas/completion';
import { COMPLETION_INTERVAL_MS } from '@shared/schemas/completion';
import { fromMilli } from '@shared/metering';
import type { Database } from '../db/schema';
import { EnergyLedger } from '../ingest/energyLedger';
import type { CommittedReadings } from '../ingest/ingestEvents';
import type { MeterDirectory } from '../ingest/meterDirectory';
import { upsertEnergy } from '../ingest/readingWriter';
import { registerMetricFor } from '../ingest/registerMetric';
import { registerStep } from '../metering/registerDelta';
import { COMPLETION_ENTITY } from './completions';

/** Meters waiting to be looked at; past it new meters are dropped (and counted) until the queue drains. */
const MAX_PENDING_METERS = 10_000;
/** New register timestamps kept per waiting meter. */
const MAX_TS_PER_METER = 10_000;

interface Point {
  ts: number;
  value: number;
}

/**
 * Real readings that arrive later for a completed gap replace the estimate. A consumer of
 * `app.ingest.events.onCommitted` (server/ingest/README.md): `onReadings` only notes which meters got new
 * register readings, on a bounded queue of its own, and one task at a time looks for active completions they
 * fall inside:
 *
 * - open gap (the meter was silent when completed): ingest has spread the real register step from the last
 *   reading before the gap over the same intervals, on top of the estimate; the estimate (after − before per
 *   interval) is taken out again;
 * - closed gap (readings on both sides): the late readings inside it were stored as "stale" and changed no
 *   energy; the estimate is taken out and the flat spread ingest made across the gap is redistributed by the
 *   real register steps, so the figures are what in-order readings would have given.
 *
 * In one transaction: the ledger (intervals, rollups, band rollups), the interval_estimates rows deleted, the
 * completion marked `replaced` with `replaced_at`, and an audit entry "real readings replaced the estimate".
 */
export class EstimateReplacer {
  private readonly pending = new Map<number, Set<number>>();
  private running: Promise<void> | null = null;
  private closed = false;
  dropped = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly directory: MeterDirectory,
    private readonly timeZone: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  onReadings({ readings }: CommittedReadings): void {
    if (this.closed) return;
    for (const { meter, ts, values } of readings) {
      if (values[registerMetricFor(meter.energyType)] === undefined) continue;
      let seen = this.pending.get(meter.id);
      if (!seen) {
        if (this.pending.size >= MAX_PENDING_METERS) {
          this.dropped++;
          continue;
        }
        this.pending.set(meter.id, (seen = new Set()));
      }
      if (seen.size < MAX_TS_PER_METER) seen.add(ts);
    }
    if (this.pending.size > 0) this.schedule();
  }

  /** Resolves when everything noted so far has been looked at (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pending.clear();
    await this.idle();
  }

  private schedule(): void {
    if (this.running) return;
    this.running = (async () => {
      try {
        while (this.pending.size > 0 && !this.closed) {
          const batch = new Map(this.pending);
          this.pending.clear();
          await this.process(batch);
        }
      } catch (error) {
        this.onError(error);
      } finally {
        this.running = null;
        if (this.pending.size > 0 && !this.closed) this.schedule();
      }
    })();
  }

  private async process(batch: Map<number, Set<number>>): Promise<void> {
    const active = await this.db
      .selectFrom('data_completions')
      .select(['id', 'meter_id', 'from_ts', 'to_ts'])
      .where('state', '=', 'active')
      .where('meter_id', 'in', [...batch.keys()])
      .orderBy('id')
      .execute();
    for (const completion of active) {
      const fresh = batch.get(completion.meter_id)!;
      try {
        await this.consider(completion.id, completion.meter_id, Number(completion.from_ts), Number(completion.to_ts), fresh);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  private async consider(id: number, meterId: number, from: number, to: number, fresh: Set<number>): Promise<void> {
    // The readings that bounded the gap when it was completed: the nearest ones on either side that are not new.
    const previous = await this.nearest(meterId, from, 'before', fresh);
    const next = await this.nearest(meterId, to, 'after', fresh);
    const lower = previous?.ts ?? from;
    const inside = [...fresh].some((ts) => ts > lower && (next === null || ts < next.ts));
    if (!inside) return;
    const entry = (await this.directory.get()).meterById.get(meterId);
    if (!entry) return;

    await this.db.transaction().execute(async (trx) => {
      // Claim it (another process may have seen the same readings).
      const claimed = await trx
        .updateTable('data_completions')
        .set({ state: 'replaced', replaced_at: Date.now() })
        .where('id', '=', id)
        .where('state', '=', 'active')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      const row = await trx
        .selectFrom('data_completions')
        .select(['intervals', 'energy_before', 'energy_after'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const intervals = JSON.parse(row.intervals) as CompletionInterval[];
      const ledger = new EnergyLedger(this.timeZone);
      for (const { start, before, after } of intervals) {
        if (after !== 0) ledger.add(entry, start, start + COMPLETION_INTERVAL_MS, -after, true);
        if (before !== 0) ledger.add(entry, start, start + COMPLETION_INTERVAL_MS, before, false);
      }
      let redistributed = false;
      if (previous && next) {
        // Closed gap: the flat spread of previous → next goes, the real steps between them come in.
        const points = await this.registerPoints(trx, meterId, previous.ts, next.ts);
        const whole = registerStep(previous, next, entry.profile);
        const steps = points.slice(1).map((point, i) => registerStep(points[i]!, point, entry.profile));
        if (whole.kind === 'energy' && steps.every((s) => s.kind === 'energy')) {
          ledger.add(entry, whole.from, whole.to, -whole.energy);
          for (const step of steps) if (step.kind === 'energy' && step.energy !== 0) ledger.add(entry, step.from, step.to, step.energy);
          redistributed = true;
        }
      }
      await upsertEnergy(trx, ledger);
      await trx.deleteFrom('interval_estimates').where('completion_id', '=', id).execute();
      // Nobody did this: the audit entry has no user.
      await trx
        .insertInto('audit_log')
        .values({
          at: Date.now(),
          user_id: null,
          action: 'replaced',
          entity: COMPLETION_ENTITY,
          entity_id: id,
          detail: JSON.stringify({
            message: 'real readings replaced the estimate',
            meter: entry.code,
            readings: [...fresh].filter((ts) => ts > lower && (next === null || ts < next.ts)).length,
            estimateRemoved: row.energy_after - row.energy_before,
            redistributed,
          }),
        })
        .execute();
    });
  }

  private async nearest(meterId: number, at: number, side: 'before' | 'after', fresh: Set<number>): Promise<Point | null> {
    const rows = await this.db
      .selectFrom('readings')
      .select(['ts', 'register_milli'])
      .where('meter_id', '=', meterId)
      .where('ts', side === 'before' ? '<=' : '>=', at)
      .where('register_milli', 'is not', null)
      .orderBy('ts', side === 'before' ? 'desc' : 'asc')
      .limit(Math.min(fresh.size, MAX_TS_PER_METER) + 1)
      .execute();
    const row = rows.find((r) => !fresh.has(Number(r.ts)));
    return row ? { ts: Number(row.ts), value: fromMilli(Number(row.register_milli)) } : null;
  }

  private async registerPoints(db: Kysely<Database>, meterId: number, from: number, to: number): Promise<Point[]> {
    const rows = await db
      .selectFrom('readings')
      .select(['ts', 'register_milli'])
      .where('meter_id', '=', meterId)
      .where('ts', '>=', from)
      .where('ts', '<=', to)
      .where('register_milli', 'is not', null)
      .orderBy('ts')
      .execute();
    return rows.map((r) => ({ ts: Number(r.ts), value: fromMilli(Number(r.register_milli)) }));
  }
}
