import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CommandAction, CommandCause, CommandState, SupplyCommandRow } from '@shared/prepaid';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';

export interface CommandQuery {
  page: number;
  size: number;
  accountId?: number | undefined;
  state?: CommandState | undefined;
}

/** GET /api/prepaid/commands: the supply commands of the caller's tree, newest first. */
export async function commandList(db: Kysely<Database>, scope: OwnerScope, query: CommandQuery): Promise<{ list: SupplyCommandRow[]; total: number }> {
  const owners = ownerIds(scope);
  let base = db
    .selectFrom('supply_commands')
    .innerJoin('prepaid_accounts', 'prepaid_accounts.id', 'supply_commands.account_id')
    .innerJoin('rooms', 'rooms.id', 'prepaid_accounts.room_id');
  if (owners) base = base.where('supply_commands.owner_user_id', 'in', owners);
  if (query.accountId !== undefined) base = base.where('supply_commands.account_id', '=', query.accountId);
  if (query.state !== undefined) base = base.where('supply_commands.state', '=', query.state);
  const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll('supply_commands')
    .select('rooms.code as room_code')
    .orderBy('supply_commands.id', 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  const time = (v: number | null) => (v === null ? null : Number(v));
  return {
    total: Number(count?.n ?? 0),
    list: rows.map((row) => ({
      id: row.id,
      commandId: row.command_id,
      accountId: row.account_id,
      roomCode: row.room_code,
      meterCode: row.meter_code,
      gatewaySn: row.gateway_sn,
      action: row.action as CommandAction,
      state: row.state as CommandState,
      attempts: Number(row.attempts),
      cause: row.cause as CommandCause,
      reason: row.reason,
      operator: row.operator,
      result: row.result,
      createdAt: Number(row.created_at),
      sentAt: time(row.sent_at),
      ackedAt: time(row.acked_at),
    })),
  };
}

/** The ids among `ids` that are accounts of the caller's tree. */
export async function accountsInScope(db: Kysely<Database>, scope: OwnerScope, ids: readonly number[]): Promise<Set<number>> {
  const owners = ownerIds(scope);
  let query = db
    .selectFrom('prepaid_accounts')
    .select('id')
    .where('id', 'in', [...ids]);
  if (owners) query = query.where('owner_user_id', 'in', owners);
  return new Set((await query.execute()).map((row) => row.id));
}
