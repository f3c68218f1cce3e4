import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MeterDirectory } from '../ingest/meterDirectory';
import type { ResolvedReading } from '../ingest/readingWriter';
import type { JobLeases } from '../jobs/jobLeases';
import type { AlarmEvents } from './alarmEvents';
import { AlarmRecords } from './alarmRecords';
import { QuarantineAlarms } from './quarantineAlarms';
import { SilenceAlarms } from './silenceAlarms';
import { ThresholdEvaluator } from './thresholdEvaluator';

export interface AlarmEngineOptions {
  /** Silent 15-minute intervals before offline/trouble (ALARM_OFFLINE_INTERVALS). */
  offlineIntervals: number;
  /** Without announcements from the other processes, re-read the threshold rules when older than this (10 s). */
  rulesMaxAgeMs?: number;
  onError?: (error: unknown) => void;
}

/** Where a rule change is told to the other server processes (server/redis/clusterEvents.ts). */
export interface RulesAnnouncer {
  publish(topic: string, data: unknown): void;
  on(topic: string, listener: (data: unknown) => void): () => void;
}

/** The cluster-events topic a process publishes when threshold rules were created, edited or deleted through it. */
export const ALARM_RULES_CHANGED = 'alarm-rules-changed';

/**
 * Raises and ends alarms: threshold rules and data errors after each committed ingest batch, offline
 * and trouble from the silence sweep. All work runs one task at a time (two batches must not both
 * find "no open record" and insert two), off the ingest's acknowledgement path.
 */
export class AlarmEngine {
  readonly records: AlarmRecords;
  private readonly thresholds: ThresholdEvaluator;
  private readonly quarantine: QuarantineAlarms;
  private readonly silence: SilenceAlarms;
  private work: Promise<void> = Promise.resolve();
  private pending: ResolvedReading[] = [];
  private flushQueued = false;
  private quarantinePending = false;
  private readonly onError: (error: unknown) => void;
  private announce: (() => void) | undefined;

  constructor(db: Kysely<Database>, events: AlarmEvents, directory: MeterDirectory, options: AlarmEngineOptions) {
    this.records = new AlarmRecords(db, events);
    this.thresholds = new ThresholdEvaluator(db, this.records, directory, { maxAgeMs: options.rulesMaxAgeMs });
    this.quarantine = new QuarantineAlarms(db, this.records);
    this.silence = new SilenceAlarms(db, this.records, options.offlineIntervals);
    this.onError = options.onError ?? (() => undefined);
  }

  /** Remember where the quarantine stands, so only new implausible steps raise. */
  init(): Promise<void> {
    return this.enqueue(() => this.quarantine.init());
  }

  /**
   * IngestEvents.onCommitted: the payload's readings that were new. Payloads arriving while the engine
   * is busy are gathered and evaluated together, so many small MQTT payloads cost one pass, not one each.
   */
  onReadings(readings: ResolvedReading[], quarantined = true): Promise<void> {
    // Quarantine rows are looked up only when ingest says it wrote some: no query after every batch.
    if (quarantined) this.quarantinePending = true;
    if (readings.length === 0) return this.work;
    for (const reading of readings) this.pending.push(reading);
    if (!this.flushQueued) {
      this.flushQueued = true;
      void this.enqueue(() => {
        this.flushQueued = false;
        const batch = this.pending;
        this.pending = [];
        return this.evaluate(batch);
      });
    }
    return this.work;
  }

  private async evaluate(readings: ResolvedReading[]): Promise<void> {
    const now = Date.now();
    const meterIds = new Set(readings.map((r) => r.meter.id));
    const gatewayIds = new Set(readings.map((r) => r.meter.gatewayId).filter((id): id is number => id !== null));
    await this.silence.dataReturned(meterIds, gatewayIds, now);
    if (this.quarantinePending) {
      this.quarantinePending = false;
      await this.quarantine.check();
    }
    await this.thresholds.evaluate(readings);
  }

  /**
   * Offline and trouble: run every minute (startAlarmSweep) and by tests with a chosen `now`. `reload`: read the
   * open offline/trouble records again first (this process just took the sweep over from another one).
   */
  sweep(now = Date.now(), reload = false): Promise<void> {
    return this.enqueue(() => {
      if (reload) this.silence.forget();
      return this.silence.sweep(now);
    });
  }

  /** Threshold rules changed through this process: reload them before the next evaluation; the others are told too. */
  rulesChanged(): void {
    this.thresholds.invalidate();
    this.announce?.();
  }

  /**
   * Tell the other processes about every `rulesChanged` here, and reload the rules when one of them announces a
   * change (with REDIS_URL; without it the periodic re-read bounds how long a copy is stale). Answers the unsubscription.
   */
  shareRuleChanges(cluster: RulesAnnouncer): () => void {
    this.announce = () => cluster.publish(ALARM_RULES_CHANGED, null);
    const off = cluster.on(ALARM_RULES_CHANGED, () => this.thresholds.invalidate());
    return () => {
      this.announce = undefined;
      off();
    };
  }

  /** Resolves when everything queued so far is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.work;
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.work = this.work.then(task).catch(this.onError);
    return this.work;
  }
}

/** The job lease of the silence sweep: two processes sweeping would both raise (or repeat) the same offline alarm. */
export const ALARM_SWEEP_LEASE = 'alarm-silence-sweep';

/**
 * The silence sweep every `everyMs` (unref'd: it never keeps the process alive). With `leases`, only while this
 * process holds ALARM_SWEEP_LEASE, and at once (open records re-read) when it takes the lease over.
 */
export function startAlarmSweep(engine: AlarmEngine, everyMs: number, leases?: JobLeases): () => Promise<void> {
  const lease = leases?.lease(ALARM_SWEEP_LEASE, () => void lease!.runIfHeld(() => engine.sweep(Date.now(), true)).catch(() => undefined));
  const timer = setInterval(() => void (lease ? lease.runIfHeld(() => engine.sweep()) : engine.sweep()).catch(() => undefined), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await engine.idle();
  };
}
