import type { Kysely } from 'kysely';
import {
  bpToPercent,
  DEFAULT_TOLERANCE_BP,
  percentToBp,
  type ComparisonObjectType,
  type ComparisonTolerance,
  type ToleranceList,
} from '@shared/powerComparison';
import type { Database } from '../db/schema';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { loadObject, objectInScope } from './comparisonObjects';

/** Tolerances: the platform default (5 %) unless the meter or department has its own. */
export class ComparisonTolerances {
  constructor(private readonly db: Kysely<Database>) {}

  /** The tolerance in basis points that judges the object, and where it comes from. */
  async effective(type: ComparisonObjectType, id: number): Promise<{ bp: number; source: 'default' | 'object' }> {
    const row = await this.db
      .selectFrom('comparison_tolerances')
      .select('tolerance_bp')
      .where('object_type', '=', type)
      .where('object_id', '=', id)
      .executeTakeFirst();
    return row ? { bp: row.tolerance_bp, source: 'object' } : { bp: DEFAULT_TOLERANCE_BP, source: 'default' };
  }

  async list(scope: OwnerScope): Promise<ToleranceList> {
    let query = this.db.selectFrom('comparison_tolerances').selectAll().orderBy('object_type').orderBy('object_id');
    const owners = ownerIds(scope);
    if (owners) query = query.where('owner_user_id', 'in', owners);
    const overrides: ComparisonTolerance[] = [];
    for (const row of await query.execute()) {
      const object = await loadObject(this.db, row.object_type as ComparisonObjectType, row.object_id);
      if (!object) continue; // the object was deleted; its tolerance no longer judges anything
      overrides.push({
        objectType: object.type,
        objectId: object.id,
        code: object.code,
        name: object.name,
        tolerancePercent: bpToPercent(row.tolerance_bp),
        updatedBy: row.updated_by,
        updatedAt: Number(row.updated_at),
      });
    }
    return { defaultPercent: bpToPercent(DEFAULT_TOLERANCE_BP), overrides };
  }

  /** Sets (or with null removes) the object's own tolerance; the row belongs to the object's tree. */
  async put(
    scope: OwnerScope,
    type: ComparisonObjectType,
    id: number,
    percent: number | null,
    by: string,
    now = Date.now(),
  ): Promise<ComparisonTolerance | null> {
    const object = await objectInScope(this.db, scope, type, id);
    if (percent === null) {
      await this.db.deleteFrom('comparison_tolerances').where('object_type', '=', type).where('object_id', '=', id).execute();
      return null;
    }
    const bp = percentToBp(percent);
    await this.db
      .insertInto('comparison_tolerances')
      .values({ owner_user_id: object.ownerUserId, object_type: type, object_id: id, tolerance_bp: bp, updated_by: by, updated_at: now })
      .onConflict((oc) => oc.columns(['object_type', 'object_id']).doUpdateSet({ tolerance_bp: bp, updated_by: by, updated_at: now }))
      .execute();
    return { objectType: type, objectId: id, code: object.code, name: object.name, tolerancePercent: bpToPercent(bp), updatedBy: by, updatedAt: now };
  }
}
