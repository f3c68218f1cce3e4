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

/** Meters, departments and gateways change rarely: keep them in memory, reload after a change or a short age. */
export class MeterDirectory {
  private current: Directory | undefined;
  private loadedAt = 0;
  private loading: Promise<Directory> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    /** Other processes may edit meters: never trust the copy for longer than this. */
    private readonly maxAgeMs = 10_000,
    /** TIME_ZONE: days, months and band times of the tariff book. */
    private readonly timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
  ) {}

  /** Forget the copy (call after editing meters, departments or gateways). */
  invalidate(): void {
    this.current = undefined;
  }

  async get(now = Date.now()): Promise<Directory> {
    if (this.current && now - this.loadedAt < this.maxAgeMs) return this.current;
    this.loading ??= this.load().finally(() => (this.loading = undefined));
    const directory = await this.loading;
    this.current = directory;
    this.loadedAt = now;
    return directory;
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
