import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RegisterProfile } from '../metering/registerDelta';
import { loadEffectiveTariffs } from '../tariffs/effectiveTariffs';
import { TariffBook } from '../tariffs/tariffBook';
import { departmentsCountedBy, mainMeterIndex, type DepartmentNode } from './departmentContributions';

/** What ingestion needs to know about a meter, resolved once per directory load. */
export interface MeterEntry {
  id: number;
  code: string;
  gatewayId: number | null;
  energyType: string;
  subitemId: number | null;
  profile: RegisterProfile;
  /** Departments whose totals this meter's energy adds to (see departmentContributions). */
  departmentIds: number[];
  /** The tariff pricing its energy (its own assignment, else the nearest department's), null: unpriced. */
  tariffId: number | null;
}

export interface Directory {
  meterByCode: ReadonlyMap<string, MeterEntry>;
  meterById: ReadonlyMap<number, MeterEntry>;
  gatewayIdBySn: ReadonlyMap<string, number>;
  gatewayOwnerById: ReadonlyMap<number, number>;
  /** Tariff versions and the calendar loaded with the meters, so `tariffId` and the book always agree. */
  book: TariffBook;
}

/** Where a directory change is told to the other server processes (server/redis/clusterEvents.ts). */
export interface DirectoryAnnouncer {
  publish(topic: string, data: unknown): void;
  on(topic: string, listener: (data: unknown) => void): () => void;
}

/** The cluster-events topic a process publishes when it changed meters, departments, gateways or tariffs. */
export const DIRECTORY_CHANGED = 'meter-directory-changed';

export interface MeterDirectoryOptions {
  /** Other processes may edit meters: without their announcements, never trust the copy longer than this. */
  maxAgeMs?: number;
  /** Loads asked for by lookups that missed start at most this often (a flood of junk serials costs one load a period). */
  minReloadGapMs?: number;
  /** TIME_ZONE: days, months and band times of the tariff book. */
  timeZone?: string;
}

/** Names (`gateway:<sn>`, `meter:<code>`) a reload found missing are not looked for again within maxAgeMs, at most this many. */
const MAX_CONFIRMED_MISSING = 10_000;

/**
 * Meters, departments and gateways change rarely: keep them in memory. The copy is dropped after a change made here
 * (`invalidate`), after a change announced by another process (`shareChanges`, with REDIS_URL), and after maxAgeMs.
 * A lookup that misses may be one the copy predates (a gateway added through another process a moment ago): the
 * caller asks `reloadFor` before refusing, so nothing is refused on a stale copy.
 */
export class MeterDirectory {
  private current: Directory | undefined;
  private loadedAt = 0;
  /** Bumped by every change: a load that began before it is not kept as the copy. */
  private generation = 0;
  private loading: { promise: Promise<Directory>; generation: number } | undefined;
  /** The next load asked for by `reloadFor`, shared by everyone who asks before it starts. */
  private scheduled: Promise<Directory> | undefined;
  private lastLoadStart = Number.NEGATIVE_INFINITY;
  private readonly confirmedMissing = new Map<string, number>();
  private announce: ((data: unknown) => void) | undefined;
  private readonly maxAgeMs: number;
  private readonly minReloadGapMs: number;
  private readonly timeZone: string;
  /** Loads so far (tests and diagnostics). */
  loads = 0;

  constructor(
    private readonly db: Kysely<Database>,
    options: MeterDirectoryOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 10_000;
    this.minReloadGapMs = options.minReloadGapMs ?? 1_000;
    this.timeZone = options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  /** Forget the copy (call after editing meters, departments, gateways or tariffs); the other processes are told too. */
  invalidate(): void {
    this.forget();
    this.announce?.(null);
  }

  /**
   * Tell the other processes about every `invalidate` here and forget the copy when one of them announces a change.
   * Answers the unsubscription.
   */
  shareChanges(cluster: DirectoryAnnouncer): () => void {
    this.announce = (data) => cluster.publish(DIRECTORY_CHANGED, data);
    const off = cluster.on(DIRECTORY_CHANGED, () => this.forget());
    return () => {
      this.announce = undefined;
      off();
    };
  }

  async get(now = Date.now()): Promise<Directory> {
    if (this.current && now - this.loadedAt < this.maxAgeMs) return this.current;
    if (this.loading && this.loading.generation === this.generation) return this.loading.promise;
    return this.startLoad();
  }

  /**
   * A lookup of these names missed: a directory loaded after this call, so a gateway or meter added (or moved) through
   * another process a moment ago is found. Undefined when every name was already missing from such a load within
   * maxAgeMs (refuse at once: a gateway publishing for a meter nobody configured costs no load per message). Loads are
   * shared and start at most once per minReloadGapMs; callers in between wait for the next one.
   */
  async reloadFor(names: readonly string[], now = Date.now()): Promise<Directory | undefined> {
    if (names.every((name) => now - (this.confirmedMissing.get(name) ?? Number.NEGATIVE_INFINITY) < this.maxAgeMs)) return undefined;
    return this.fresh();
  }

  /** After `reloadFor`: these names were still missing from the reloaded directory. */
  confirmMissing(names: readonly string[], now = Date.now()): void {
    if (this.confirmedMissing.size + names.length > MAX_CONFIRMED_MISSING)
      for (const [name, at] of this.confirmedMissing) if (now - at >= this.maxAgeMs) this.confirmedMissing.delete(name);
    for (const name of names) if (this.confirmedMissing.size < MAX_CONFIRMED_MISSING) this.confirmedMissing.set(name, now);
  }

  /** A directory whose load starts after this call (a batch failed on a meter the copy still holds, say). */
  fresh(): Promise<Directory> {
    this.scheduled ??= (async () => {
      try {
        // The load running now may have begun before the caller's miss: wait for it, then for the gap.
        await this.loading?.promise.catch(() => undefined);
        const wait = this.lastLoadStart + this.minReloadGapMs - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      } finally {
        // From here on a caller needs a load after this one.
        this.scheduled = undefined;
      }
      return this.startLoad();
    })();
    return this.scheduled;
  }

  private forget(): void {
    this.generation += 1;
    this.current = undefined;
    this.confirmedMissing.clear();
  }

  private startLoad(): Promise<Directory> {
    const generation = this.generation;
    const startedAt = Date.now();
    this.lastLoadStart = startedAt;
    this.loads += 1;
    const promise = this.load().then((directory) => {
      // A change during the load may be missing from it: hand it to who asked, do not keep it.
      if (generation === this.generation && startedAt >= this.loadedAt) {
        this.current = directory;
        this.loadedAt = startedAt;
      }
      return directory;
    });
    const entry = { promise, generation };
    this.loading = entry;
    void promise.then(
      () => this.loading === entry && (this.loading = undefined),
      () => this.loading === entry && (this.loading = undefined),
    );
    return promise;
  }

  private async load(): Promise<Directory> {
    const [meters, departments, gateways, tariffs, book] = await Promise.all([
      this.db.selectFrom('meters').selectAll().execute(),
      this.db.selectFrom('departments').select(['id', 'parent_id']).execute(),
      this.db.selectFrom('gateways').select(['id', 'sn', 'owner_user_id']).execute(),
      loadEffectiveTariffs(this.db),
      TariffBook.load(this.db, this.timeZone),
    ]);
    const departmentNodes = new Map<number, DepartmentNode>(departments.map((d) => [d.id, { id: d.id, parentId: d.parent_id }]));
    const placements = meters.map((m) => ({ meterId: m.id, departmentId: m.department_id, energyType: m.energy_type, isMain: m.is_main === 1 }));
    const mains = mainMeterIndex(placements);
    const meterByCode = new Map<string, MeterEntry>();
    meters.forEach((m, index) => {
      meterByCode.set(m.code, {
        id: m.id,
        code: m.code,
        gatewayId: m.gateway_id,
        energyType: m.energy_type,
        subitemId: m.subitem_id,
        profile: { ctRatio: m.ct_ratio, ptRatio: m.pt_ratio, registerMax: m.register_max, ratedPowerKw: m.rated_power_kw },
        departmentIds: departmentsCountedBy(placements[index]!, departmentNodes, mains),
        tariffId: tariffs.get(m.id) ?? null,
      });
    });
    return {
      meterByCode,
      meterById: new Map([...meterByCode.values()].map((entry) => [entry.id, entry])),
      gatewayIdBySn: new Map(gateways.map((g) => [g.sn, g.id])),
      gatewayOwnerById: new Map(gateways.map((g) => [g.id, g.owner_user_id])),
      book,
    };
  }
}
