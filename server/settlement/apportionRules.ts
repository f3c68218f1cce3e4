import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ApportionRule, apportionRuleSchema } from '@shared/schemas/settlement';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';

type RuleInput = z.output<typeof apportionRuleSchema>;

/**
 * Common-area apportionment rules of a tree: one rule per common-area department and energy type shares its
 * energy and cost among the receiving departments by area (m²), by their consumption share, or by fixed ratios.
 * Rules are not dated: a closed month keeps the split it was closed with (its snapshot).
 */
export class ApportionRules {
  constructor(private readonly db: Kysely<Database>) {}

  async list(scope: OwnerScope): Promise<ApportionRule[]> {
    let query = this.db.selectFrom('apportion_rules').selectAll();
    const owners = ownerIds(scope);
    if (owners) query = query.where('owner_user_id', 'in', owners);
    return (await query.orderBy('id').execute()).map(toRule);
  }

  async create(scope: OwnerScope, input: RuleInput, now = Date.now()): Promise<ApportionRule> {
    await this.check(scope, input, null);
    const row = await this.db
      .insertInto('apportion_rules')
      .values({
        owner_user_id: scope.home,
        name: input.name,
        energy_type: input.energyType,
        source_department_id: input.sourceDepartmentId,
        method: input.method,
        shares: JSON.stringify(input.shares),
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRule(row);
  }

  /** The route has checked that rule `id` is in the caller's tree. */
  async update(scope: OwnerScope, id: number, input: RuleInput): Promise<ApportionRule> {
    await this.check(scope, input, id);
    const row = await this.db
      .updateTable('apportion_rules')
      .set({
        name: input.name,
        energy_type: input.energyType,
        source_department_id: input.sourceDepartmentId,
        method: input.method,
        shares: JSON.stringify(input.shares),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: `Apportionment rule ${id} was not found` });
    return toRule(row);
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('apportion_rules').where('id', '=', id).execute();
  }

  /** Every named department is in the tree; a common area has one rule per energy type. */
  private async check(scope: OwnerScope, input: RuleInput, id: number | null): Promise<void> {
    const ids = [input.sourceDepartmentId, ...input.shares.map((s) => s.departmentId)];
    let query = this.db.selectFrom('departments').select(['id', 'owner_user_id']).where('id', 'in', ids);
    const owners = ownerIds(scope);
    if (owners) query = query.where('owner_user_id', 'in', owners);
    const found = new Set((await query.execute()).map((r) => r.id));
    if (!found.has(input.sourceDepartmentId))
      throw validationError([{ field: 'sourceDepartmentId', rule: 'exists', message: `department ${input.sourceDepartmentId} does not exist` }]);
    const missing = input.shares.findIndex((s) => !found.has(s.departmentId));
    if (missing >= 0)
      throw validationError([
        { field: `shares.${missing}.departmentId`, rule: 'exists', message: `department ${input.shares[missing]!.departmentId} does not exist` },
      ]);
    let twin = this.db
      .selectFrom('apportion_rules')
      .select('id')
      .where('source_department_id', '=', input.sourceDepartmentId)
      .where('energy_type', '=', input.energyType);
    if (id !== null) twin = twin.where('id', '!=', id);
    if (await twin.executeTakeFirst())
      throw validationError([
        { field: 'sourceDepartmentId', rule: 'unique', message: `This department already shares its ${input.energyType} by another rule` },
      ]);
  }
}

function toRule(row: {
  id: number;
  name: string;
  energy_type: string;
  source_department_id: number;
  method: ApportionRule['method'];
  shares: string;
  created_at: number;
}): ApportionRule {
  return {
    id: row.id,
    name: row.name,
    energyType: row.energy_type,
    sourceDepartmentId: row.source_department_id,
    method: row.method,
    shares: JSON.parse(row.shares) as ApportionRule['shares'],
    createdAt: Number(row.created_at),
  };
}
