import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry } from '@shared/schemas';
import type { Database } from '../db/schema';

/** Who changed a figure, when and how: written in the same transaction as the change. */
export async function recordAudit(
  trx: Transaction<Database> | Kysely<Database>,
  entry: { userId: number; action: string; entity: string; entityId: number; detail: Record<string, unknown> },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      at: Date.now(),
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      detail: JSON.stringify(entry.detail),
    })
    .execute();
}

/** An entity's audit entries; with `owners` (a tree), only those written by users of that tree. */
export async function auditEntries(db: Kysely<Database>, entity: string, entityId: number, owners: number[] | null): Promise<AuditEntry[]> {
  let select = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .select(['audit_log.id', 'audit_log.at', 'audit_log.action', 'audit_log.entity', 'audit_log.entity_id', 'audit_log.detail', 'users.username'])
    .where('audit_log.entity', '=', entity)
    .where('audit_log.entity_id', '=', entityId);
  if (owners) select = select.where('audit_log.user_id', 'in', owners);
  const rows = await select.orderBy('audit_log.id').execute();
  return rows.map((r) => ({
    _id: r.id,
    at: Number(r.at),
    user: r.username ?? null,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    detail: JSON.parse(r.detail) as Record<string, unknown>,
  }));
}
