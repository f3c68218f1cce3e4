import type { Kysely } from 'kysely';
import {
  defaultDayType,
  priceMicro as definitionPriceMicro,
  slotAt,
  tariffDefinitionSchema,
  type DayType,
  type PricedVersion,
  type PriceSlot,
} from '@shared/tariffs';
import type { Database } from '../db/schema';
import { localClock, type LocalClockParts } from '../metering/calendar';

export interface VersionRow {
  id: number;
  tariff_id: number;
  valid_from: string;
  valid_to: string | null;
  definition: string;
}

/** Slots remembered per tariff before the cache starts again (a year of quarter hours is 35,040). */
const CACHE_LIMIT = 400_000;

/**
 * Every tariff version and the working calendar, loaded at once and read many times: the slot (version,
 * season, band) of an interval start for a tariff, and prices. Immutable once loaded; `app.tariffs.reload()`
 * loads a new one after a change. Interval-start convention: the interval [start, start + 15 min) takes the
 * slot in force at `start` in TIME_ZONE (band edges are on the quarter hour).
 */
export class TariffBook {
  private readonly slotCache = new Map<number, Map<number, PriceSlot | null>>();
  private readonly clockCache = new Map<number, { clock: LocalClockParts; dayType: DayType }>();
  private readonly byId: Map<number, PricedVersion>;
  /** One object per (version, season, band): callers may key maps by the slot itself. */
  private readonly slots = new Map<string, PriceSlot>();

  private constructor(
    private readonly byTariff: ReadonlyMap<number, PricedVersion[]>,
    private readonly calendar: ReadonlyMap<string, DayType>,
    readonly timeZone: string,
  ) {
    this.byId = new Map([...byTariff.values()].flat().map((version) => [version.id, version]));
  }

  static async load(db: Kysely<Database>, timeZone: string): Promise<TariffBook> {
    const [versions, days] = await Promise.all([
      db.selectFrom('tariff_versions').select(['id', 'tariff_id', 'valid_from', 'valid_to', 'definition']).orderBy('valid_from').execute(),
      db.selectFrom('calendar_days').select(['day', 'day_type']).execute(),
    ]);
    return TariffBook.fromRows(versions, days, timeZone);
  }

  /** The same from rows read some other way (the SQLite batch store reads them on its raw connection). */
  static fromRows(versions: VersionRow[], days: { day: string; day_type: string }[], timeZone: string): TariffBook {
    const byTariff = new Map<number, PricedVersion[]>();
    for (const row of versions) {
      // A definition stored by an older shape is left out (its energy shows as unpriced) rather than stopping ingest.
      const parsed = tariffDefinitionSchema.safeParse(JSON.parse(row.definition));
      if (!parsed.success) continue;
      const list = byTariff.get(row.tariff_id) ?? [];
      list.push({ id: row.id, tariffId: row.tariff_id, validFrom: row.valid_from, validTo: row.valid_to, definition: parsed.data });
      byTariff.set(row.tariff_id, list);
    }
    return new TariffBook(byTariff, new Map(days.map((d) => [d.day, d.day_type as DayType])), timeZone);
  }

  /** A book from versions in hand (tests, benches). */
  static of(versions: PricedVersion[], calendar: Record<string, DayType>, timeZone: string): TariffBook {
    const byTariff = new Map<number, PricedVersion[]>();
    for (const version of [...versions].sort((a, b) => a.validFrom.localeCompare(b.validFrom))) {
      byTariff.set(version.tariffId, [...(byTariff.get(version.tariffId) ?? []), version]);
    }
    return new TariffBook(byTariff, new Map(Object.entries(calendar)), timeZone);
  }

  /** The slot of the 15-minute interval starting at `intervalStart` under `tariffId`; null: no version, season or band covers it. */
  slotOf(tariffId: number, intervalStart: number): PriceSlot | null {
    let slots = this.slotCache.get(tariffId);
    if (!slots) this.slotCache.set(tariffId, (slots = new Map()));
    const known = slots.get(intervalStart);
    if (known !== undefined) return known;
    const versions = this.byTariff.get(tariffId);
    let slot: PriceSlot | null = null;
    if (versions) {
      const { clock, dayType } = this.clockAt(intervalStart);
      slot = this.intern(slotAt(versions, clock, dayType));
    }
    if (slots.size >= CACHE_LIMIT) slots.clear();
    slots.set(intervalStart, slot);
    return slot;
  }

  /** Price of a slot in micro-units per unit; null when the version no longer exists or leaves the band unpriced. */
  priceMicro(slot: PriceSlot): number | null {
    const version = this.byId.get(slot.versionId);
    return version ? definitionPriceMicro(version.definition, slot.season, slot.band) : null;
  }

  versions(): PricedVersion[] {
    return [...this.byId.values()];
  }

  version(id: number): PricedVersion | undefined {
    return this.byId.get(id);
  }

  hasTariff(tariffId: number): boolean {
    return this.byTariff.has(tariffId);
  }

  /** The calendar's day type of a local day, else Monday–Friday workday and Saturday–Sunday weekend. */
  dayType(day: string): DayType {
    return this.calendar.get(day) ?? defaultDayType(day);
  }

  private intern(slot: PriceSlot | null): PriceSlot | null {
    if (!slot) return null;
    const key = `${slot.versionId}|${slot.season}|${slot.band}`;
    const known = this.slots.get(key);
    if (known) return known;
    this.slots.set(key, slot);
    return slot;
  }

  private clockAt(instant: number): { clock: LocalClockParts; dayType: DayType } {
    let entry = this.clockCache.get(instant);
    if (!entry) {
      const clock = localClock(instant, this.timeZone);
      entry = { clock, dayType: this.dayType(clock.day) };
      if (this.clockCache.size >= CACHE_LIMIT) this.clockCache.clear();
      this.clockCache.set(instant, entry);
    }
    return entry;
  }
}
