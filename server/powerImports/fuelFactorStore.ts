import type { Kysely, Selectable } from 'kysely';
import type { FuelFactorView, FuelFactorsView } from '@shared/powerImports/api';
import { FUELS, type FuelKind } from '@shared/powerImports/constants';
import { DEFAULT_FUEL_FACTORS, MJ_PER_KWH, type FuelFactor, type FuelFactorVersion } from '@shared/powerImports/fuelFactors';
import type { FuelFactorBody } from '@shared/powerImports/schemas';
import type { Database } from '../db/schema';
import type { FuelFactorVersionsTable } from '../db/powerImportsSchema';
import { validationError } from '../http/appError';
import type { OwnerScope } from '../tenancy/ownerScope';

type Row = Selectable<FuelFactorVersionsTable>;

const versionOf = (row: Row): FuelFactorVersion => ({
  id: Number(row.id),
  fuel: row.fuel as FuelKind,
  validFrom: row.valid_from,
  ncvMjPerKg: Number(row.ncv_mj_per_kg),
  kgcePerKg: Number(row.kgce_per_kg),
  co2KgPerKg: Number(row.co2_kg_per_kg),
  densityKgPerL: row.density_kg_per_l === null ? null : Number(row.density_kg_per_l),
  densityKgPerNm3: row.density_kg_per_nm3 === null ? null : Number(row.density_kg_per_nm3),
  source: row.source,
});

function viewOf(factor: FuelFactor | FuelFactorVersion, extra: { note: string; updatedAt: number | null }): FuelFactorView {
  const version = 'id' in factor ? factor : null;
  return {
    id: version?.id ?? null,
    fuel: factor.fuel,
    validFrom: version?.validFrom ?? null,
    builtIn: version === null,
    ncvMjPerKg: factor.ncvMjPerKg,
    kwhPerKg: factor.ncvMjPerKg / MJ_PER_KWH,
    kgcePerKg: factor.kgcePerKg,
    co2KgPerKg: factor.co2KgPerKg,
    densityKgPerL: factor.densityKgPerL,
    densityKgPerNm3: factor.densityKgPerNm3,
    source: factor.source,
    note: extra.note,
    updatedAt: extra.updatedAt,
  };
}

/**
 * A tree's own fuel factor versions (owner = the tree's top-level account). Each is valid from its day until the
 * next version of the same fuel; before the first one the built-in default applies (shared/powerImports/fuelFactors.ts).
 */
export class FuelFactorStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The versions of the trees whose top-level accounts are `owners`, by owner. */
  async versionsOf(owners: readonly number[]): Promise<Map<number, FuelFactorVersion[]>> {
    const byOwner = new Map<number, FuelFactorVersion[]>();
    if (owners.length === 0) return byOwner;
    const rows = await this.db
      .selectFrom('fuel_factor_versions')
      .selectAll()
      .where('owner_user_id', 'in', [...owners])
      .execute();
    for (const row of rows) {
      const list = byOwner.get(Number(row.owner_user_id)) ?? [];
      list.push(versionOf(row));
      byOwner.set(Number(row.owner_user_id), list);
    }
    return byOwner;
  }

  async list(scope: OwnerScope): Promise<FuelFactorsView> {
    const rows = await this.db
      .selectFrom('fuel_factor_versions')
      .selectAll()
      .where('owner_user_id', '=', scope.home)
      .orderBy('fuel')
      .orderBy('valid_from')
      .execute();
    return {
      fuels: FUELS.map((fuel) => ({
        fuel,
        versions: [
          viewOf(DEFAULT_FUEL_FACTORS[fuel], { note: '', updatedAt: null }),
          ...rows.filter((row) => row.fuel === fuel).map((row) => viewOf(versionOf(row), { note: row.note, updatedAt: Number(row.updated_at) })),
        ],
      })),
    };
  }

  async get(id: number): Promise<FuelFactorView> {
    const row = await this.db.selectFrom('fuel_factor_versions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return viewOf(versionOf(row), { note: row.note, updatedAt: Number(row.updated_at) });
  }

  private async assertDayFree(owner: number, body: FuelFactorBody, except: number | null): Promise<void> {
    let query = this.db
      .selectFrom('fuel_factor_versions')
      .select('id')
      .where('owner_user_id', '=', owner)
      .where('fuel', '=', body.fuel)
      .where('valid_from', '=', body.validFrom);
    if (except !== null) query = query.where('id', '!=', except);
    if (await query.executeTakeFirst())
      throw validationError([{ field: 'validFrom', rule: 'unique', message: `a version of ${body.fuel} already starts on ${body.validFrom}` }]);
  }

  private columns(body: FuelFactorBody) {
    return {
      fuel: body.fuel,
      valid_from: body.validFrom,
      ncv_mj_per_kg: body.ncvMjPerKg,
      kgce_per_kg: body.kgcePerKg,
      co2_kg_per_kg: body.co2KgPerKg,
      density_kg_per_l: body.densityKgPerL,
      density_kg_per_nm3: body.densityKgPerNm3,
      source: body.source,
      note: body.note,
    };
  }

  async create(scope: OwnerScope, userId: number, body: FuelFactorBody, now = Date.now()): Promise<FuelFactorView> {
    await this.assertDayFree(scope.home, body, null);
    const row = await this.db
      .insertInto('fuel_factor_versions')
      .values({ owner_user_id: scope.home, ...this.columns(body), created_by: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.get(Number(row.id));
  }

  async update(id: number, body: FuelFactorBody, now = Date.now()): Promise<FuelFactorView> {
    const owner = await this.db.selectFrom('fuel_factor_versions').select('owner_user_id').where('id', '=', id).executeTakeFirstOrThrow();
    await this.assertDayFree(Number(owner.owner_user_id), body, id);
    await this.db
      .updateTable('fuel_factor_versions')
      .set({ ...this.columns(body), updated_at: now })
      .where('id', '=', id)
      .execute();
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('fuel_factor_versions').where('id', '=', id).execute();
  }
}
