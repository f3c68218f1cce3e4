import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How long a lease lasts past its last renewal: a holder that dies (kill -9, no release) is replaced after at most this plus one renewal period. */
export const LEASE_TTL_MS = 20_000;
/** How often every process renews the leases it holds and tries to take the lapsed ones. */
export const LEASE_RENEW_MS = 5_000;
/** This process stops counting a lease as held this long before the row lapses, so a clock a little ahead elsewhere cannot make two holders. */
const SAFETY_MS = 2_000;

export interface JobLeaseOptions {
  ttlMs?: number;
  renewMs?: number;
  /** The clock written to and compared with `lease_until` (tests move it instead of waiting). */
  now?: () => number;
  /** Names this process in the rows (default host:pid:random). */
  holder?: string;
  onError?: (error: unknown) => void;
}

/** One named lease as a job sees it. */
export interface JobLease {
  readonly name: string;
  /** This process holds the lease now. */
  held(): boolean;
  /** Runs `work` if this process holds the lease, then records the run on the row; false when another process holds it. */
  runIfHeld(work: () => Promise<unknown>): Promise<boolean>;
}

interface LeaseState {
  /** This process's clock until which it counts the lease as its own; 0 when it does not hold it. */
  until: number;
  onTaken: (() => void) | undefined;
}

/**
 * Singleton jobs across server processes that share one database: one `job_leases` row per job name, held by
 * one process until `lease_until`. Every `renewMs` each process renews the leases it holds and tries to take the
 * ones whose time has passed, each with one conditional upsert (the row changes only when it lapsed or is already
 * ours), the same on SQLite and PostgreSQL. A holder that dies without releasing is replaced within
 * `ttlMs + renewMs` (25 s with the defaults); one that stops cleanly releases its leases, and another process takes
 * them at its next round. The clocks of the processes are compared, so hosts keep them in sync (NTP).
 */
export class JobLeases {
  readonly holder: string;
  private readonly ttlMs: number;
  private readonly renewMs: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown) => void;
  private readonly leases = new Map<string, LeaseState>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    options: JobLeaseOptions = {},
  ) {
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.ttlMs = options.ttlMs ?? LEASE_TTL_MS;
    this.renewMs = options.renewMs ?? LEASE_RENEW_MS;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
  }

  /**
   * This process competes for lease `name` from now on (at once when started). `onTaken` runs each time this
   * process gains it, so a job can run right away on the process that took over instead of at its next tick.
   */
  lease(name: string, onTaken?: () => void): JobLease {
    const existing = this.leases.get(name);
    if (existing) existing.onTaken = onTaken ?? existing.onTaken;
    else this.leases.set(name, { until: 0, onTaken });
    if (this.timer) this.tick().catch(this.onError);
    return {
      name,
      held: () => this.held(name),
      runIfHeld: (work) => this.runIfHeld(name, work),
    };
  }

  held(name: string): boolean {
    const state = this.leases.get(name);
    return !this.stopped && state !== undefined && state.until > this.now();
  }

  async runIfHeld(name: string, work: () => Promise<unknown>): Promise<boolean> {
    if (!this.held(name)) return false;
    await work();
    if (this.stopped) return true;
    await this.db.updateTable('job_leases').set({ last_run_by: this.holder, last_run_at: this.now() }).where('name', '=', name).execute();
    return true;
  }

  /** Takes part from now on: a round at once, then one every `renewMs`. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick().catch(this.onError), this.renewMs);
    this.timer.unref();
    void this.tick().catch(this.onError);
  }

  /** Stops renewing and releases what this process holds (another process takes it at its next round). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
    const names = [...this.leases.keys()];
    for (const state of this.leases.values()) state.until = 0;
    // Releasing is a courtesy (an unreleased lease lapses by itself): a database already gone must not fail a shutdown.
    if (names.length > 0)
      await this.db
        .updateTable('job_leases')
        .set({ lease_until: 0 })
        .where('holder', '=', this.holder)
        .where('name', 'in', names)
        .execute()
        .catch(this.onError);
  }

  /** One round: renew what this process holds, take what has lapsed. A round asked for during one runs after it. */
  tick(): Promise<void> {
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      do {
        this.again = false;
        await this.round();
      } while (this.again && !this.stopped);
    })().finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async round(): Promise<void> {
    const names = [...this.leases.keys()];
    if (names.length === 0 || this.stopped) return;
    const now = this.now();
    const rows = await this.db.selectFrom('job_leases').select(['name', 'holder', 'lease_until']).where('name', 'in', names).execute();
    const byName = new Map(rows.map((row) => [row.name, row]));
    const taken: (() => void)[] = [];
    for (const name of names) {
      const state = this.leases.get(name)!;
      const row = byName.get(name);
      // Someone else's and still running: no write at all.
      if (row && row.holder !== this.holder && Number(row.lease_until) >= now) {
        state.until = 0;
        continue;
      }
      const had = state.until > now;
      if (await this.take(name, now)) {
        state.until = now + this.ttlMs - SAFETY_MS;
        if (!had && state.onTaken) taken.push(state.onTaken);
      } else state.until = 0;
    }
    for (const onTaken of taken) onTaken();
  }

  /** One conditional upsert: the row becomes ours if it is missing, lapsed or already ours. */
  private async take(name: string, now: number): Promise<boolean> {
    const until = now + this.ttlMs;
    const me = this.holder;
    const result = await this.db
      .insertInto('job_leases')
      .values({ name, holder: me, lease_until: until, taken_at: now })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet((eb) => ({
            holder: me,
            lease_until: until,
            taken_at: eb.case().when('job_leases.holder', '=', me).then(eb.ref('job_leases.taken_at')).else(now).end(),
          }))
          .where((eb) => eb.or([eb('job_leases.lease_until', '<', now), eb('job_leases.holder', '=', me)])),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
