import type { Kysely } from 'kysely';
import type { RollupGrain } from '@shared/schemas';
import { priceMicro as definitionPriceMicro, tariffDefinitionSchema, type BandType } from '@shared/tariffs';
import type { Database } from '../db/schema';

export interface BandFigure {
  scopeId: number;
  energyType: string;
  period: string;
  versionId: number;
  tariffId: number | null;
  season: number;
  band: BandType;
  energy: number;
  estimated: number;
  /** micro-units per unit; null when the version or its price for the band is gone (unpriced) */
  priceMicro: number | null;
  /** energy × priceMicro, not rounded (0 when unpriced) */
  costMicro: number;
}

export interface BandFigureQuery {
  scope: 'meter' | 'department' | 'subitem';
  ids?: number[] | undefined;
  energyType?: string | undefined;
  grain: RollupGrain;
  /** period keys, inclusive, as energy_rollups: hour = epoch ms text, day YYYY-MM-DD, month YYYY-MM */
  from: string;
  to: string;
}

const TABLE = { meter: 'meters', department: 'departments', subitem: 'subitems' } as const;

/**
 * Band rollup rows of the scopes in the owners' trees (`'all'`: every tree), priced when read: cost = energy ×
 * the price of the row's own slot (version, season, band), so a price edit shows at once and nothing is rounded
 * before the caller's line total. Rows a recompute left at zero are left out.
 */
export async function readBandFigures(db: Kysely<Database>, owners: number[] | 'all', q: BandFigureQuery): Promise<BandFigure[]> {
  let scopeIds: number[] | null = q.ids ? [...new Set(q.ids)] : null;
  if (owners !== 'all') {
    let inTree = db
      .selectFrom(TABLE[q.scope])
      .select('id')
      .where('owner_user_id', 'in', owners.length ? owners : [-1]);
    if (scopeIds) inTree = inTree.where('id', 'in', scopeIds.length ? scopeIds : [-1]);
    scopeIds = (await inTree.execute()).map((row) => row.id);
  }
  if (scopeIds && scopeIds.length === 0) return [];
  let query = db
    .selectFrom('band_rollups')
    .select(['scope_id', 'energy_type', 'period', 'version_id', 'season', 'band', 'energy', 'estimated'])
    .where('scope', '=', q.scope)
    .where('grain', '=', q.grain)
    .where('period', '>=', q.from)
    .where('period', '<=', q.to);
  if (scopeIds) query = query.where('scope_id', 'in', scopeIds);
  if (q.energyType) query = query.where('energy_type', '=', q.energyType);
  const rows = (
    await query.orderBy('scope_id').orderBy('energy_type').orderBy('period').orderBy('version_id').orderBy('season').orderBy('band').execute()
  ).filter((row) => Math.abs(Number(row.energy)) >= 1e-9 || Math.abs(Number(row.estimated)) >= 1e-9);
  const versionIds = [...new Set(rows.map((row) => row.version_id))];
  const versions = new Map<number, { tariffId: number; definition: ReturnType<typeof tariffDefinitionSchema.parse> | null }>();
  if (versionIds.length) {
    for (const v of await db.selectFrom('tariff_versions').select(['id', 'tariff_id', 'definition']).where('id', 'in', versionIds).execute()) {
      const parsed = tariffDefinitionSchema.safeParse(JSON.parse(v.definition));
      versions.set(v.id, { tariffId: v.tariff_id, definition: parsed.success ? parsed.data : null });
    }
  }
  return rows.map((row) => {
    const version = versions.get(row.version_id);
    const band = row.band as BandType;
    const price = version?.definition ? definitionPriceMicro(version.definition, row.season, band) : null;
    const energy = Number(row.energy);
    return {
      scopeId: row.scope_id,
      energyType: row.energy_type,
      period: row.period,
      versionId: row.version_id,
      tariffId: version?.tariffId ?? null,
      season: row.season,
      band,
      energy,
      estimated: Number(row.estimated),
      priceMicro: price,
      costMicro: price === null ? 0 : energy * price,
    };
  });
}
