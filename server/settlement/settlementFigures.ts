import { sql, type Kysely } from 'kysely';
import { BAND_TYPES, microOf, minorUnits, priceMicro, tariffDefinitionSchema, type BandType, type TariffDefinition } from '@shared/tariffs';
import type {
  CompareMode,
  SettlementApportionItem,
  SettlementBandCell,
  SettlementBy,
  SettlementFigures,
  SettlementLine,
  SettlementTariffVersion,
  SettlementTierPart,
  SettlementTotal,
} from '@shared/schemas/settlement';
import type { Database } from '../db/schema';
import { energyUnit } from '../energy/energyUnits';
import { basePeriod, monthOf, splitRange } from './periods';

export interface SettlementOptions {
  from: string;
  to: string;
  departmentIds?: number[];
  meterIds?: number[];
  by: SettlementBy;
  timeZone: string;
  compare?: CompareMode;
}

/** Owner ids of the caller's tree, or 'all' for an administrator (same as readBandFigures). */
export type Owners = readonly number[] | 'all';

interface Entity {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  /** meters: their one energy type */
  energyType?: string;
  /** meters: the department's main (incoming) meter */
  isMain?: boolean;
}

interface VersionInfo {
  id: number;
  tariffId: number;
  validFrom: string;
  validTo: string | null;
  definition: TariffDefinition;
}

interface BandAcc {
  energy: number;
  estimated: number;
  costMicro: number;
  prices: Set<number | null>;
}

interface LineAcc {
  scopeId: number;
  energyType: string;
  bands: Map<BandType, BandAcc>;
  banded: number;
  total: number;
  /** `${month}|${tariffId}` → energy and the latest version seen that month */
  tierMonths: Map<string, { month: string; tariffId: number; energy: number; version: VersionInfo }>;
}

const DUST = 1e-9;
const clean = (value: number) => (Math.abs(value) < DUST ? 0 : value);

/**
 * Settlement figures of a period, from the rollups: band_rollups (energy per price slot; cost = energy × the
 * slot's price, rounded once per line and band to minor units) and energy_rollups (the rest is "unpriced").
 * Whole months are read at month grain, the rest of the range at day grain. Every line's money figures are
 * integers; a total is the sum of its lines (departments nested under another line are shown, not summed).
 */
export async function computeSettlement(db: Kysely<Database>, owners: Owners, options: SettlementOptions): Promise<SettlementFigures> {
  const figures = await computeLive(db, owners, options);
  if (!options.compare) return figures;
  const base = basePeriod(options.from, options.to, options.compare);
  const baseFigures = await computeLive(db, owners, { ...options, ...base, compare: undefined });
  const baseLines = new Map(baseFigures.lines.map((line) => [line.key, line]));
  for (const line of figures.lines) {
    const before = baseLines.get(line.key);
    line.base = baseOf(before?.totalEnergy ?? 0, before?.totalCostMinor ?? 0, line.totalEnergy, line.totalCostMinor);
  }
  const baseTotals = new Map(baseFigures.totals.map((total) => [total.energyType, total]));
  for (const total of figures.totals) {
    const before = baseTotals.get(total.energyType);
    total.base = baseOf(before?.totalEnergy ?? 0, before?.totalCostMinor ?? 0, total.totalEnergy, total.totalCostMinor);
  }
  figures.compare = { mode: options.compare, ...base };
  return figures;
}

const baseOf = (energy: number, cost: number, nowEnergy: number, nowCost: number) => ({
  totalEnergy: energy,
  totalCostMinor: cost,
  deltaEnergy: clean(nowEnergy - energy),
  deltaCostMinor: nowCost - cost,
});

async function computeLive(db: Kysely<Database>, owners: Owners, options: SettlementOptions): Promise<SettlementFigures> {
  const { from, to, by } = options;
  const departments = await loadDepartments(db, owners);
  const entities = by === 'department' ? departments : await loadMeters(db, owners);
  const ids = [...entities.keys()];
  const accs = await readLines(db, by, ids, from, to);
  const versions = await loadVersions(db, accs.versionIds);
  foldBandRows(accs.bandRows, accs.accOf, versions);

  // Band cells and tier adders per line.
  const lines = new Map<string, SettlementLine>();
  for (const acc of accs.lines.values()) {
    const entity = entities.get(acc.scopeId)!;
    lines.set(keyOf(by, acc.scopeId, acc.energyType), buildLine(by, entity, acc));
  }

  if (by === 'department') await apportion(db, owners, lines, departments);

  // Which lines are shown, in tree (departments) or code (meters) order.
  const wanted = selectEntities(by, entities, departments, options);
  const order = by === 'department' ? treeOrder(departments) : [...entities.values()].sort((a, b) => a.code.localeCompare(b.code)).map((m) => m.id);
  const shown: SettlementLine[] = [];
  const shownIds = new Set(order.filter((id) => wanted.has(id)));
  const mains = by === 'meter' ? mainIndexOf(entities) : new Map<string, number[]>();
  for (const id of order) {
    if (!shownIds.has(id)) continue;
    for (const line of lines.values()) {
      if (line.id !== id) continue;
      line.nested = by === 'department' ? hasAncestorIn(departments, id, shownIds) : measuredByMain(entities, departments, mains, id);
      shown.push(line);
    }
  }
  shown.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id) || a.energyType.localeCompare(b.energyType));

  return {
    from,
    to,
    by,
    timeZone: options.timeZone,
    lines: shown,
    totals: totalsOf(shown),
    tariffVersions: await versionList(db, versions),
    closed: null,
    compare: null,
  };
}

export const keyOf = (by: SettlementBy, id: number, energyType: string) => `${by}:${id}:${energyType}`;

async function loadDepartments(db: Kysely<Database>, owners: Owners): Promise<Map<number, Entity>> {
  let query = db.selectFrom('departments').select(['id', 'code', 'name', 'parent_id', 'sort']);
  if (owners !== 'all') query = query.where('owner_user_id', 'in', owners.length ? [...owners] : [-1]);
  const rows = await query.orderBy('sort').orderBy('id').execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, code: r.code, name: r.name, parentId: r.parent_id }]));
}

async function loadMeters(db: Kysely<Database>, owners: Owners): Promise<Map<number, Entity>> {
  let query = db.selectFrom('meters').select(['id', 'code', 'name', 'department_id', 'energy_type', 'is_main']);
  if (owners !== 'all') query = query.where('owner_user_id', 'in', owners.length ? [...owners] : [-1]);
  const rows = await query.orderBy('code').execute();
  return new Map(
    rows.map((r) => [r.id, { id: r.id, code: r.code, name: r.name, parentId: r.department_id, energyType: r.energy_type, isMain: r.is_main === 1 }]),
  );
}

/** Reads band and energy rollups of the scope's ids over the range: whole months at month grain, the rest by day. */
async function readLines(db: Kysely<Database>, by: SettlementBy, ids: number[], from: string, to: string) {
  const { months, daySpans } = splitRange(from, to);
  const lines = new Map<string, LineAcc>();
  const versionIds = new Set<number>();
  const bandRows: {
    scope_id: number;
    energy_type: string;
    period: string;
    version_id: number;
    season: number;
    band: string;
    energy: number;
    estimated: number;
  }[] = [];
  const energyRows: { scope_id: number; energy_type: string; energy: number }[] = [];
  for (let i = 0; i < ids.length; i += 900) {
    const chunk = ids.slice(i, i + 900);
    if (chunk.length === 0) continue;
    const [bands, energy] = await Promise.all([
      db
        .selectFrom('band_rollups')
        .select(['scope_id', 'energy_type', 'period', 'version_id', 'season', 'band', 'energy', 'estimated'])
        .where('scope', '=', by)
        .where('scope_id', 'in', chunk)
        .where((eb) =>
          eb.or([
            ...(months.length ? [eb.and([eb('grain', '=', 'month'), eb('period', 'in', months)])] : []),
            ...daySpans.map((span) => eb.and([eb('grain', '=', 'day'), eb('period', '>=', span.from), eb('period', '<=', span.to)])),
          ]),
        )
        .execute(),
      db
        .selectFrom('energy_rollups')
        .select(['scope_id', 'energy_type', sql<number>`sum(energy)`.as('energy')])
        .where('scope', '=', by)
        .where('scope_id', 'in', chunk)
        .where((eb) =>
          eb.or([
            ...(months.length ? [eb.and([eb('grain', '=', 'month'), eb('period', 'in', months)])] : []),
            ...daySpans.map((span) => eb.and([eb('grain', '=', 'day'), eb('period', '>=', span.from), eb('period', '<=', span.to)])),
          ]),
        )
        .groupBy(['scope_id', 'energy_type'])
        .execute(),
    ]);
    bandRows.push(...bands);
    energyRows.push(...energy);
  }
  const accOf = (scopeId: number, energyType: string): LineAcc => {
    const key = `${scopeId}|${energyType}`;
    let acc = lines.get(key);
    if (!acc) {
      acc = { scopeId, energyType, bands: new Map(), banded: 0, total: 0, tierMonths: new Map() };
      lines.set(key, acc);
    }
    return acc;
  };
  for (const row of energyRows) accOf(Number(row.scope_id), row.energy_type).total += Number(row.energy);
  for (const row of bandRows) versionIds.add(Number(row.version_id));
  return { lines, versionIds, bandRows, accOf };
}

async function loadVersions(db: Kysely<Database>, ids: Set<number>): Promise<Map<number, VersionInfo>> {
  if (ids.size === 0) return new Map();
  const rows = await db
    .selectFrom('tariff_versions')
    .select(['id', 'tariff_id', 'valid_from', 'valid_to', 'definition'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, tariffId: r.tariff_id, validFrom: r.valid_from, validTo: r.valid_to, definition: tariffDefinitionSchema.parse(JSON.parse(r.definition)) },
    ]),
  );
}

function buildLine(by: SettlementBy, entity: Entity, acc: LineAcc): SettlementLine {
  const bands: SettlementBandCell[] = BAND_TYPES.filter((band) => acc.bands.has(band)).map((band) => cellOf(band, acc.bands.get(band)!));
  const parts: SettlementTierPart[] = [];
  let tierMicro = 0;
  for (const month of acc.tierMonths.values()) {
    const tiers = month.version.definition.tiers;
    if (tiers.length === 0) continue;
    const steps = tiers.map((tier) => ({ fromUnits: tier.fromUnits, adderMicro: microOf(tier.adder), units: Math.max(0, month.energy - tier.fromUnits) }));
    for (const step of steps) tierMicro += step.units * step.adderMicro;
    parts.push({ month: month.month, tariffId: month.tariffId, versionId: month.version.id, monthEnergy: month.energy, steps });
  }
  const tierMinor = minorUnits(tierMicro);
  const energy = acc.total > acc.banded ? acc.total : acc.banded;
  const costMinor = bands.reduce((sum, cell) => sum + cell.costMinor, 0) + tierMinor;
  return {
    key: keyOf(by, entity.id, acc.energyType),
    scope: by,
    id: entity.id,
    code: entity.code,
    name: entity.name,
    parentId: entity.parentId,
    nested: false,
    energyType: acc.energyType,
    unit: energyUnit(acc.energyType),
    bands,
    unpricedEnergy: clean(energy - acc.banded),
    tier: { costMinor: tierMinor, parts },
    apportioned: { energy: 0, costMinor: 0, items: [] },
    energy,
    costMinor,
    totalEnergy: energy,
    totalCostMinor: costMinor,
    estimated: bands.reduce((sum, cell) => sum + cell.estimated, 0),
  };
}

function cellOf(band: BandType, acc: BandAcc): SettlementBandCell {
  const prices = [...acc.prices];
  const single = prices.length === 1 ? prices[0]! : null;
  const mean = prices.length > 1 && acc.energy > 0 ? Math.round(acc.costMicro / acc.energy) : single;
  return { band, energy: acc.energy, estimated: acc.estimated, priceMicro: mean, mixedPrices: prices.length > 1, costMinor: minorUnits(acc.costMicro) };
}

/** Splits each common-area department's energy and cost to its receivers by area, consumption share or fixed ratios. */
async function apportion(db: Kysely<Database>, owners: Owners, lines: Map<string, SettlementLine>, departments: Map<number, Entity>): Promise<void> {
  let query = db.selectFrom('apportion_rules').selectAll();
  if (owners !== 'all') query = query.where('owner_user_id', 'in', owners.length ? [...owners] : [-1]);
  const rules = await query.orderBy('id').execute();
  const lineOf = (departmentId: number, energyType: string): SettlementLine => {
    const key = keyOf('department', departmentId, energyType);
    let line = lines.get(key);
    if (!line) {
      const entity = departments.get(departmentId)!;
      line = {
        key,
        scope: 'department',
        id: entity.id,
        code: entity.code,
        name: entity.name,
        parentId: entity.parentId,
        nested: false,
        energyType,
        unit: energyUnit(energyType),
        bands: [],
        unpricedEnergy: 0,
        tier: { costMinor: 0, parts: [] },
        apportioned: { energy: 0, costMinor: 0, items: [] },
        energy: 0,
        costMinor: 0,
        totalEnergy: 0,
        totalCostMinor: 0,
        estimated: 0,
      };
      lines.set(key, line);
    }
    return line;
  };
  for (const rule of rules) {
    const source = lines.get(keyOf('department', rule.source_department_id, rule.energy_type));
    if (!source || !departments.has(rule.source_department_id) || (source.energy === 0 && source.costMinor === 0)) continue;
    const shares = (JSON.parse(rule.shares) as { departmentId: number; value: number }[]).filter((s) => departments.has(s.departmentId));
    const weights = shares.map((s) =>
      rule.method === 'consumption' ? Math.max(0, lines.get(keyOf('department', s.departmentId, rule.energy_type))?.energy ?? 0) : s.value,
    );
    const sum = weights.reduce((a, b) => a + b, 0);
    if (sum <= 0) continue;
    const energy = source.energy;
    const cost = source.costMinor;
    const costs = splitMinor(cost, weights);
    const base = { ruleId: rule.id, ruleName: rule.name, method: rule.method, sourceDepartmentId: source.id, sourceName: source.name };
    shares.forEach((share, index) => {
      const line = lineOf(share.departmentId, rule.energy_type);
      const item: SettlementApportionItem = {
        ...base,
        direction: 'in',
        share: weights[index]! / sum,
        energy: (energy * weights[index]!) / sum,
        costMinor: costs[index]!,
      };
      line.apportioned.items.push(item);
      line.apportioned.energy += item.energy;
      line.apportioned.costMinor += item.costMinor;
    });
    source.apportioned.items.push({ ...base, direction: 'out', share: 1, energy: -energy, costMinor: -cost });
    source.apportioned.energy -= energy;
    source.apportioned.costMinor -= cost;
  }
  for (const line of lines.values()) {
    line.apportioned.energy = clean(line.apportioned.energy);
    line.totalEnergy = clean(line.energy + line.apportioned.energy);
    line.totalCostMinor = line.costMinor + line.apportioned.costMinor;
  }
}

/** Integer minor units split by weights with the largest remainder, so the parts add up to the whole exactly. */
export function splitMinor(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const sign = total < 0 ? -1 : 1;
  const whole = Math.abs(total);
  const exact = weights.map((w) => (whole * w) / sum);
  const parts = exact.map((x) => Math.floor(x + DUST));
  let left = whole - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - parts[i]! })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts.map((p) => p * sign);
}

function selectEntities(by: SettlementBy, entities: Map<number, Entity>, departments: Map<number, Entity>, options: SettlementOptions): Set<number> {
  if (by === 'department') return new Set(options.departmentIds?.length ? options.departmentIds.filter((id) => departments.has(id)) : departments.keys());
  let ids = [...entities.keys()];
  if (options.meterIds?.length) {
    const wanted = new Set(options.meterIds);
    ids = ids.filter((id) => wanted.has(id));
  }
  if (options.departmentIds?.length) {
    const within = subtreeOf(departments, options.departmentIds);
    ids = ids.filter((id) => {
      const parent = entities.get(id)!.parentId;
      return parent !== null && within.has(parent);
    });
  }
  return new Set(ids);
}

function subtreeOf(departments: Map<number, Entity>, roots: number[]): Set<number> {
  const within = new Set(roots.filter((id) => departments.has(id)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of departments.values()) {
      if (!within.has(d.id) && d.parentId !== null && within.has(d.parentId)) {
        within.add(d.id);
        grew = true;
      }
    }
  }
  return within;
}

function hasAncestorIn(departments: Map<number, Entity>, id: number, set: Set<number>): boolean {
  const seen = new Set<number>([id]);
  let parent = departments.get(id)?.parentId ?? null;
  while (parent !== null && !seen.has(parent)) {
    if (set.has(parent)) return true;
    seen.add(parent);
    parent = departments.get(parent)?.parentId ?? null;
  }
  return false;
}

/**
 * A meter whose department, or a department above it, has another main (incoming) meter of its energy type is
 * measured by that main meter too: shown, but not added to the totals (as ingest's department rollups count it).
 */
function measuredByMain(meters: Map<number, Entity>, departments: Map<number, Entity>, mains: Map<string, number[]>, meterId: number): boolean {
  const meter = meters.get(meterId)!;
  const seen = new Set<number>();
  let department = meter.parentId;
  while (department !== null && !seen.has(department)) {
    seen.add(department);
    if ((mains.get(`${department}|${meter.energyType}`) ?? []).some((id) => id !== meterId)) return true;
    department = departments.get(department)?.parentId ?? null;
  }
  return false;
}

/** department|energyType → its main meters. */
function mainIndexOf(meters: Map<number, Entity>): Map<string, number[]> {
  const index = new Map<string, number[]>();
  for (const m of meters.values()) {
    if (!m.isMain || m.parentId === null) continue;
    const key = `${m.parentId}|${m.energyType}`;
    index.set(key, [...(index.get(key) ?? []), m.id]);
  }
  return index;
}

/** Departments depth first, siblings by sort then id (the map is already in that order). */
function treeOrder(departments: Map<number, Entity>): number[] {
  const children = new Map<number | null, number[]>();
  for (const d of departments.values()) {
    const parent = d.parentId !== null && departments.has(d.parentId) ? d.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), d.id]);
  }
  const order: number[] = [];
  const seen = new Set<number>();
  const visit = (id: number) => {
    if (seen.has(id)) return;
    seen.add(id);
    order.push(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  for (const root of children.get(null) ?? []) visit(root);
  for (const d of departments.values()) visit(d.id);
  return order;
}

export function totalsOf(lines: SettlementLine[]): SettlementTotal[] {
  const totals = new Map<string, SettlementTotal & { bandMap: Map<BandType, SettlementBandCell & { costMicroSum: number; prices: Set<number | null> }> }>();
  for (const line of lines) {
    if (line.nested) continue;
    let total = totals.get(line.energyType);
    if (!total) {
      total = {
        energyType: line.energyType,
        unit: line.unit,
        bands: [],
        unpricedEnergy: 0,
        tierCostMinor: 0,
        apportionedEnergy: 0,
        apportionedCostMinor: 0,
        energy: 0,
        costMinor: 0,
        totalEnergy: 0,
        totalCostMinor: 0,
        estimated: 0,
        bandMap: new Map(),
      };
      totals.set(line.energyType, total);
    }
    for (const cell of line.bands) {
      const sum = total.bandMap.get(cell.band) ?? { ...cell, energy: 0, estimated: 0, costMinor: 0, costMicroSum: 0, prices: new Set() };
      sum.energy += cell.energy;
      sum.estimated += cell.estimated;
      sum.costMinor += cell.costMinor;
      if (cell.mixedPrices) sum.prices.add(-1);
      sum.prices.add(cell.priceMicro);
      total.bandMap.set(cell.band, sum);
    }
    total.unpricedEnergy += line.unpricedEnergy;
    total.tierCostMinor += line.tier.costMinor;
    total.apportionedEnergy += line.apportioned.energy;
    total.apportionedCostMinor += line.apportioned.costMinor;
    total.energy += line.energy;
    total.costMinor += line.costMinor;
    total.totalEnergy += line.totalEnergy;
    total.totalCostMinor += line.totalCostMinor;
    total.estimated += line.estimated;
  }
  return [...totals.values()]
    .sort((a, b) => a.energyType.localeCompare(b.energyType))
    .map(({ bandMap, ...total }) => ({
      ...total,
      apportionedEnergy: clean(total.apportionedEnergy),
      totalEnergy: clean(total.totalEnergy),
      bands: BAND_TYPES.filter((band) => bandMap.has(band)).map((band) => {
        const { costMicroSum: _sum, prices, ...cell } = bandMap.get(band)!;
        const single = prices.size === 1 ? [...prices][0]! : null;
        return { ...cell, priceMicro: single, mixedPrices: prices.size > 1 };
      }),
    }));
}

async function versionList(db: Kysely<Database>, versions: Map<number, VersionInfo>): Promise<SettlementTariffVersion[]> {
  if (versions.size === 0) return [];
  const tariffIds = [...new Set([...versions.values()].map((v) => v.tariffId))];
  const tariffs = new Map((await db.selectFrom('tariffs').select(['id', 'name', 'currency']).where('id', 'in', tariffIds).execute()).map((t) => [t.id, t]));
  return [...versions.values()]
    .sort((a, b) => a.tariffId - b.tariffId || a.validFrom.localeCompare(b.validFrom))
    .map((v) => ({
      id: v.id,
      tariffId: v.tariffId,
      tariffName: tariffs.get(v.tariffId)?.name ?? '',
      validFrom: v.validFrom,
      validTo: v.validTo,
      currency: tariffs.get(v.tariffId)?.currency ?? 'CNY',
    }));
}

/** Adds the band rows to the line accumulators: energy, estimated part and cost in micro-units per band; tier months. */
function foldBandRows(
  rows: { scope_id: number; energy_type: string; period: string; version_id: number; season: number; band: string; energy: number; estimated: number }[],
  accOf: (scopeId: number, energyType: string) => LineAcc,
  versions: Map<number, VersionInfo>,
): void {
  for (const row of rows) {
    const acc = accOf(Number(row.scope_id), row.energy_type);
    const band = row.band as BandType;
    const energy = Number(row.energy);
    const version = versions.get(Number(row.version_id));
    const price = version ? priceMicro(version.definition, Number(row.season), band) : null;
    const cell = acc.bands.get(band) ?? { energy: 0, estimated: 0, costMicro: 0, prices: new Set<number | null>() };
    cell.energy += energy;
    cell.estimated += Number(row.estimated);
    cell.costMicro += price === null ? 0 : energy * price;
    cell.prices.add(price);
    acc.bands.set(band, cell);
    acc.banded += energy;
    if (version) {
      const month = monthOf(row.period);
      const key = `${month}|${version.tariffId}`;
      const tier = acc.tierMonths.get(key);
      if (!tier) acc.tierMonths.set(key, { month, tariffId: version.tariffId, energy, version });
      else {
        tier.energy += energy;
        if (version.validFrom > tier.version.validFrom) tier.version = version;
      }
    }
  }
}
