import type { Kysely } from 'kysely';
import type { FuelFactorRef, FuelSummary, FuelSummaryRow } from '@shared/powerImports/api';
import { wallTimeToEpoch } from '@shared/powerImports/cellDates';
import type { FuelKind, FuelUnit } from '@shared/powerImports/constants';
import type { FuelSummaryQuery } from '@shared/powerImports/schemas';
import type { Database } from '../db/schema';
import { addDays } from '../metering/calendar';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { convertAt, FuelTotalsBuilder } from './fuelConversion';
import type { FuelFactorStore } from './fuelFactorStore';
import { objectNames } from './importBatches';

const dayStart = (day: string, timeZone: string): number => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // local midnight exists in every zone this server runs in; a zone that skipped it would start the day at 01:00
  return wallTimeToEpoch({ year, month, day: date, hour: 0, minute: 0, second: 0 }, timeZone) ?? Date.UTC(year, month - 1, date);
};

/**
 * Imported fuel per fuel and object over local days [from, to] (a row counts in the days its period starts in):
 * quantities as given per unit, kg, kWh, kgce and CO2, each row converted by the factor version valid on its start
 * day, and every version used named. Rows whose unit the valid version has no density for are counted in `rows`
 * but add no kg, kWh, kgce or CO2.
 */
export async function fuelSummary(
  db: Kysely<Database>,
  factors: FuelFactorStore,
  scope: OwnerScope,
  query: FuelSummaryQuery,
  timeZone: string,
): Promise<FuelSummary> {
  const from = dayStart(query.from, timeZone);
  const to = dayStart(addDays(query.to, 1), timeZone);
  let select = db
    .selectFrom('imported_fuel')
    .select(['owner_user_id', 'object_kind', 'object_id', 'fuel', 'period_start', 'quantity', 'unit'])
    .where('period_start', '>=', from)
    .where('period_start', '<', to);
  const owners = ownerIds(scope);
  if (owners) select = select.where('owner_user_id', 'in', owners);
  if (query.fuel) select = select.where('fuel', '=', query.fuel);
  if (query.objectKind) select = select.where('object_kind', '=', query.objectKind);
  const rows = await select.orderBy('period_start').execute();

  const versions = await factors.versionsOf([...new Set(rows.map((row) => Number(row.owner_user_id)))]);
  const named = await objectNames(db, rows);
  const byKey = new Map<string, FuelSummaryRow & { factorKeys: Set<string> }>();
  const totals = new FuelTotalsBuilder();
  for (const row of rows) {
    const fuel = row.fuel as FuelKind;
    const unit = row.unit as FuelUnit;
    const key = `${fuel}:${row.object_kind}:${row.object_id}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = {
        ...named(row.object_kind, Number(row.object_id)),
        fuel,
        rows: 0,
        quantities: [],
        kg: 0,
        kwh: 0,
        kgce: 0,
        co2Kg: 0,
        factors: [],
        factorKeys: new Set(),
      };
      byKey.set(key, entry);
    }
    entry.rows += 1;
    const quantity = Number(row.quantity);
    const given = entry.quantities.find((item) => item.unit === unit);
    if (given) given.quantity += quantity;
    else entry.quantities.push({ unit, quantity });
    const converted = convertAt({ fuel, unit, quantity, periodStart: Number(row.period_start) }, versions.get(Number(row.owner_user_id)) ?? [], timeZone);
    if ('reason' in converted) continue;
    entry.kg += converted.kg;
    entry.kwh += converted.kwh;
    entry.kgce += converted.kgce;
    entry.co2Kg += converted.co2Kg;
    totals.add(fuel, converted);
    const factorKey = `${converted.factor.id ?? 'default'}`;
    if (!entry.factorKeys.has(factorKey)) {
      entry.factorKeys.add(factorKey);
      entry.factors.push(converted.factor satisfies FuelFactorRef);
    }
  }
  const summaryRows = [...byKey.values()]
    .map(({ factorKeys, ...row }) => (void factorKeys, row))
    .sort((a, b) => a.fuel.localeCompare(b.fuel) || a.objectKind.localeCompare(b.objectKind) || a.code.localeCompare(b.code));
  return { from: query.from, to: query.to, rows: summaryRows, totals: totals.list() };
}
