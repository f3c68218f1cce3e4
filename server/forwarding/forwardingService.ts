import type { Kysely } from 'kysely';
import type { AlarmRecord } from '@shared/schemas';
import type { AlarmEvents } from '../alarms/alarmEvents';
import type { Database } from '../db/schema';
import type { CommittedReadings, IngestEvents } from '../ingest/ingestEvents';
import type { JobLease } from '../jobs/jobLeases';
import { PollingLoop } from '../jobs/pollingLoop';
import { CallRecords, DEFAULT_RETENTION, type CallRetention } from './callRecords';
import { EndpointRepository } from './endpointRepository';
import { EndpointWorker } from './endpointWorker';
import type { CallOutcome } from './httpSender';
import { EndpointSelection, loadPlant } from './meterSelection';
import { ClosedQuarterHours, ENERGY_PASS_MS, type MeterLabel } from './closedQuarterHours';

export interface ForwardingOptions {
  /** Items one endpoint may hold in this process; past it the oldest are dropped and counted. */
  queueLimit: number;
  /** How often the loop looks for due batches. */
  tickMs: number;
  /** How often endpoints and the plant are re-read (edits made by other processes, new meters). */
  refreshMs: number;
  /** One call's time limit. */
  timeoutMs: number;
  maxBackoffMs: number;
  /** How often the holder of the energy lease looks for closed quarter hours. */
  energyPassMs: number;
  retention: CallRetention;
  onError(error: unknown): void;
}

export const DEFAULT_FORWARDING: Omit<ForwardingOptions, 'onError'> = {
  queueLimit: 10_000,
  tickMs: 250,
  refreshMs: 10_000,
  timeoutMs: 10_000,
  maxBackoffMs: 3600_000,
  energyPassMs: ENERGY_PASS_MS,
  retention: DEFAULT_RETENTION,
};

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Outbound forwarding in this process. The ingest and alarm listeners only put items into each
 * endpoint's bounded queue (no I/O, no awaiting); a timer loop sends due batches, one call per endpoint
 * at a time, records every call and adds the drop counts to the endpoint rows. Closed quarter hours are
 * handed to the queues by one process at a time, the holder of the `forwarding-energy` lease.
 */
export class ForwardingService {
  readonly endpoints: EndpointRepository;
  readonly calls: CallRecords;
  private readonly workers = new Map<number, EndpointWorker>();
  readonly quarterHours: ClosedQuarterHours;
  private readonly energyLoop: PollingLoop;
  private energyLease: JobLease | undefined;
  private meterLabels = new Map<number, MeterLabel>();
  private readonly unsubscribe: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private lastRefresh = 0;
  private lastPrune = 0;
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Kysely<Database>,
    readonly options: ForwardingOptions,
  ) {
    this.endpoints = new EndpointRepository(db);
    this.calls = new CallRecords(db, options.retention);
    this.quarterHours = new ClosedQuarterHours(db);
    this.energyLoop = new PollingLoop(() => this.energyPass(), options.energyPassMs);
  }

  /**
   * `energyLease`: closed quarter hours are handed only while this process holds it; without one (a single
   * process, tests) this service always does.
   */
  async start(ingest: IngestEvents, alarms: AlarmEvents, energyLease?: JobLease): Promise<void> {
    this.energyLease = energyLease;
    this.unsubscribe.push(ingest.onCommitted((committed) => this.onReadings(committed)));
    const raised = (record: AlarmRecord) => this.onAlarm('raised', record);
    const changed = (record: AlarmRecord) => this.onAlarm('changed', record);
    alarms.on('raised', raised).on('changed', changed);
    this.unsubscribe.push(() => alarms.off('raised', raised).off('changed', changed));
    await this.refresh();
    this.timer = setInterval(() => this.tick(), this.options.tickMs);
    this.timer.unref();
    this.energyLoop.start();
  }

  /** This process took the energy lease: start from the stored cursors (what the previous holder had taken) at once. */
  takeOver(): void {
    this.quarterHours.reload();
    this.energyLoop.nudge();
  }

  /** Runs a pass of closed quarter hours now (on the lease holder) and waits for it. */
  async sendClosedQuarterHours(): Promise<void> {
    this.energyLoop.nudge();
    await this.energyLoop.idle();
  }

  private async energyPass(): Promise<void> {
    const pass = () => this.quarterHours.pass(this.workers.values(), this.meterLabels);
    await (this.energyLease ? this.energyLease.runIfHeld(pass) : pass()).catch(this.options.onError);
  }

  /** Stops the loop, cuts calls on their way short and waits for them to be recorded; drop counts are saved. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.energyLoop.halt();
    for (const off of this.unsubscribe.splice(0)) off();
    this.stopping.abort();
    await Promise.allSettled([...this.running, this.energyLoop.idle()]);
    await this.refreshing?.catch(() => undefined);
    await this.saveDropped().catch(this.options.onError);
  }

  /** Re-read endpoints and the plant now (after a write through the API, in tests). */
  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  /** Items waiting for endpoint `id` in this process. */
  queued(id: number): number {
    return this.workers.get(id)?.waiting ?? 0;
  }

  /** One test call to a stored endpoint (it need not be running: paused ones are tested too). */
  async test(id: number): Promise<CallOutcome | undefined> {
    await this.refresh();
    return this.workers.get(id)?.test();
  }

  private async load(): Promise<void> {
    const [rows, plant] = await Promise.all([this.endpoints.list(null), loadPlant(this.db)]);
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.id);
      const selection = await EndpointSelection.resolve(
        this.db,
        plant,
        Number(row.owner_user_id),
        JSON.parse(row.meter_ids) as number[],
        JSON.parse(row.department_ids) as number[],
      );
      const worker = this.workers.get(row.id);
      if (worker) {
        worker.row = row;
        worker.selection = selection;
        worker.queue.limit = this.options.queueLimit;
        if (worker.paused) worker.queue.clear();
      } else {
        this.workers.set(
          row.id,
          new EndpointWorker(row, selection, this.options.queueLimit, {
            db: this.db,
            endpoints: this.endpoints,
            calls: this.calls,
            timeoutMs: this.options.timeoutMs,
            maxBackoffMs: this.options.maxBackoffMs,
            stop: this.stopping.signal,
          }),
        );
      }
    }
    for (const id of [...this.workers.keys()]) if (!seen.has(id)) this.workers.delete(id);
    this.meterLabels = new Map(plant.meters.map((m) => [m.id, { code: m.code, energyType: m.energyType }]));
    this.lastRefresh = Date.now();
  }

  /**
   * The ingest listener: in-memory only, so ingestion never waits for an endpoint. Each reading is committed by
   * exactly one process, which forwards it; closed quarter hours come from the energy lease holder instead.
   */
  onReadings({ readings }: CommittedReadings, now = Date.now()): void {
    if (this.workers.size === 0) return;
    const forReadings = [...this.workers.values()].filter((w) => !w.paused && w.row.send_readings === 1);
    if (forReadings.length === 0) return;
    for (const { meter, ts, values } of readings) {
      for (const worker of forReadings) {
        if (worker.selection.meters.has(meter.id)) worker.offer({ type: 'reading', meter: meter.code, meterId: meter.id, ts, values }, now);
      }
    }
  }

  onAlarm(event: 'raised' | 'changed', alarm: AlarmRecord, now = Date.now()): void {
    for (const worker of this.workers.values()) {
      if (worker.row.send_alarms === 1 && worker.selection.coversAlarm(alarm)) worker.offer({ type: 'alarm', event, alarm }, now);
    }
  }

  /** One pass of the loop: start every due call, save drop counts, refresh and prune now and then. */
  tick(now = Date.now()): void {
    for (const worker of this.workers.values()) {
      if (!worker.due(now)) continue;
      worker.busy = true;
      this.track(worker.step(now).finally(() => (worker.busy = false)));
    }
    this.track(this.saveDropped());
    if (now - this.lastRefresh >= this.options.refreshMs) this.track(this.refresh());
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      this.track(this.calls.prune(now));
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch(this.options.onError).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  private async saveDropped(): Promise<void> {
    for (const worker of this.workers.values()) {
      const dropped = worker.queue.takeDropped();
      if (dropped > 0) {
        worker.row = { ...worker.row, dropped: Number(worker.row.dropped) + dropped };
        await this.endpoints.addDropped(worker.row.id, dropped);
      }
    }
  }
}
