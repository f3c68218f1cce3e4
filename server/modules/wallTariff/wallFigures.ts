import type { Kysely } from 'kysely';
import { BAND_TYPES, minorUnits, type BandType, type PriceSlot } from '@shared/tariffs';
import type { BandCostData, BandCostLine, BandCostQuery } from '@boards/widgets/band-cost/channel';
import type { CurrentBandData, CurrentBandQuery } from '@boards/widgets/current-band/channel';
import type { Database } from '../../db/schema';
import { localClock, localPeriods } from '../../metering/calendar';
import { INTERVAL_MS } from '../../metering/spreadEnergy';
import { readBandFigures } from '../../tariffs/bandFigures';
import type { TariffBook } from '../../tariffs/tariffBook';

/** Units of the priced energy types, as the demo's and the console's meters use them. */
export const ENERGY_UNITS: Readonly<Record<string, string>> = { electricity: 'kWh', water: 'm³', gas: 'm³' };
/** How far ahead the next band change is looked for (a flat tariff has none). */
export const NEXT_CHANGE_HORIZON_MS = 7 * 86_400_000;

/** `null`: every tree (an administrator); otherwise the owner ids of the caller's tree. */
export type WallOwners = readonly number[] | null;

/** A department of the caller's tree by id, or its first top-level department (by sort, then id) when `id` is null. */
export async function wallDepartment(db: Kysely<Database>, owners: WallOwners, id: number | null): Promise<{ id: number; name: string } | null> {
  let query = db.selectFrom('departments').select(['id', 'name']);
  if (owners) query = query.where('owner_user_id', 'in', owners.length ? [...owners] : [-1]);
  query = id === null ? query.where('parent_id', 'is', null).orderBy('sort').orderBy('id').limit(1) : query.where('id', '=', id);
  return (await query.executeTakeFirst()) ?? null;
}

/** The tariff a department's energy of `energyType` is priced by: its own assignment, else the nearest up the tree. */
export async function departmentTariff(db: Kysely<Database>, departmentId: number, energyType: string): Promise<number | null> {
  const [departments, assignments] = await Promise.all([
    db.selectFrom('departments').select(['id', 'parent_id']).execute(),
    db.selectFrom('tariff_assignments').select(['tariff_id', 'target_id']).where('target', '=', 'department').where('energy_type', '=', energyType).execute(),
  ]);
  const parentOf = new Map(departments.map((d) => [d.id, d.parent_id]));
  const assigned = new Map(assignments.map((a) => [a.target_id, a.tariff_id]));
  let department: number | null | undefined = departmentId;
  for (let steps = 0; department !== null && department !== undefined && steps <= departments.length; steps++) {
    const tariff = assigned.get(department);
    if (tariff !== undefined) return tariff;
    department = parentOf.get(department);
  }
  return null;
}

/** The 6-decimal price text of a slot as the version states it (a season's own price first). */
function slotPriceText(book: TariffBook, slot: PriceSlot): string | null {
  const definition = book.version(slot.versionId)?.definition;
  if (!definition) return null;
  return definition.seasons[slot.season]?.prices?.[slot.band] ?? definition.prices[slot.band] ?? null;
}

const hhmm = (minuteOfDay: number): string => `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;

/**
 * The band a department is in at `now` under its effective tariff, its price, and the next band change
 * (looked for quarter hour by quarter hour, the interval-start convention, up to 7 days ahead). The change's
 * time is HH:MM in TIME_ZONE, with MM-DD in front when it is not today.
 */
export async function currentBand(
  db: Kysely<Database>,
  book: TariffBook,
  owners: WallOwners,
  query: CurrentBandQuery,
  now: number,
  timeZone: string,
): Promise<CurrentBandData | null> {
  const department = await wallDepartment(db, owners, query.departmentId);
  if (!department) return null;
  const unit = ENERGY_UNITS[query.energyType] ?? '';
  const none: CurrentBandData = {
    computedAt: now,
    departmentId: department.id,
    departmentName: department.name,
    tariffName: null,
    band: null,
    priceMicro: null,
    priceText: null,
    currency: null,
    unit,
    nextBand: null,
    changesAt: null,
    changesAtText: null,
  };
  const tariffId = await departmentTariff(db, department.id, query.energyType);
  if (tariffId === null) return none;
  const tariff = await db.selectFrom('tariffs').select(['name', 'currency']).where('id', '=', tariffId).executeTakeFirst();
  const start = now - (((now % INTERVAL_MS) + INTERVAL_MS) % INTERVAL_MS);
  const slot = book.slotOf(tariffId, start);
  if (!tariff || !slot) return { ...none, tariffName: tariff?.name ?? null };
  let changesAt: number | null = null;
  let nextBand: BandType | null = null;
  for (let at = start + INTERVAL_MS; at <= start + NEXT_CHANGE_HORIZON_MS; at += INTERVAL_MS) {
    const next = book.slotOf(tariffId, at);
    if (next?.band !== slot.band) {
      changesAt = at;
      nextBand = next?.band ?? null;
      break;
    }
  }
  let changesAtText: string | null = null;
  if (changesAt !== null) {
    const clock = localClock(changesAt, timeZone);
    changesAtText = clock.day === localClock(now, timeZone).day ? hhmm(clock.minuteOfDay) : `${clock.day.slice(5)} ${hhmm(clock.minuteOfDay)}`;
  }
  return {
    ...none,
    tariffName: tariff.name,
    band: slot.band,
    priceMicro: book.priceMicro(slot),
    priceText: slotPriceText(book, slot),
    currency: tariff.currency,
    nextBand,
    changesAt,
    changesAtText,
  };
}

/**
 * Energy and cost per band of a department, a meter or the whole site (the caller's top-level departments)
 * for today or this month so far, from the band rollups (readBandFigures). Cost per band = Σ energy × the
 * price of each of its slots, rounded once to minor units; the total is the unrounded sum rounded once.
 * null: the department or meter is not in the caller's tree.
 */
export async function bandCost(db: Kysely<Database>, owners: WallOwners, query: BandCostQuery, now: number, timeZone: string): Promise<BandCostData | null> {
  const here = localPeriods(now, timeZone);
  const grain = query.period === 'today' ? 'day' : 'month';
  const periodKey = query.period === 'today' ? here.day : here.month;
  let ids: number[];
  let scopeName = '';
  if (query.scope === 'meter') {
    let lookup = db
      .selectFrom('meters')
      .select(['id', 'name'])
      .where('id', '=', query.id ?? -1);
    if (owners) lookup = lookup.where('owner_user_id', 'in', owners.length ? [...owners] : [-1]);
    const meter = await lookup.executeTakeFirst();
    if (!meter) return null;
    ids = [meter.id];
    scopeName = meter.name;
  } else if (query.id !== null) {
    const department = await wallDepartment(db, owners, query.id);
    if (!department) return null;
    ids = [department.id];
    scopeName = department.name;
  } else {
    let tops = db.selectFrom('departments').select('id').where('parent_id', 'is', null);
    if (owners) tops = tops.where('owner_user_id', 'in', owners.length ? [...owners] : [-1]);
    ids = (await tops.execute()).map((row) => row.id);
  }
  const figures = ids.length
    ? await readBandFigures(db, owners ? [...owners] : 'all', { scope: query.scope, ids, energyType: query.energyType, grain, from: periodKey, to: periodKey })
    : [];
  const sums = new Map<BandType, { energy: number; estimated: number; costMicro: number; priced: boolean }>();
  const tariffIds = new Set<number>();
  for (const figure of figures) {
    const sum = sums.get(figure.band) ?? { energy: 0, estimated: 0, costMicro: 0, priced: false };
    sum.energy += figure.energy;
    sum.estimated += figure.estimated;
    if (figure.priceMicro !== null) {
      sum.costMicro += figure.costMicro;
      sum.priced = true;
    }
    sums.set(figure.band, sum);
    if (figure.tariffId !== null) tariffIds.add(figure.tariffId);
  }
  const bands: BandCostLine[] = BAND_TYPES.flatMap((band) => {
    const sum = sums.get(band);
    return sum ? [{ band, energy: sum.energy, estimated: sum.estimated, costMinor: sum.priced ? minorUnits(sum.costMicro) : null }] : [];
  });
  const currencies = tariffIds.size
    ? await db
        .selectFrom('tariffs')
        .select('currency')
        .where('id', 'in', [...tariffIds])
        .orderBy('id')
        .execute()
    : [];
  const anyPriced = [...sums.values()].some((sum) => sum.priced);
  return {
    computedAt: now,
    periodKey,
    scopeName,
    unit: ENERGY_UNITS[query.energyType] ?? '',
    currency: currencies[0]?.currency ?? null,
    bands,
    totalEnergy: bands.reduce((total, line) => total + line.energy, 0),
    totalCostMinor: anyPriced ? minorUnits([...sums.values()].reduce((total, sum) => total + sum.costMicro, 0)) : null,
  };
}
