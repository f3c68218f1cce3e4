import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DeductionHour, EntryKind, deductionQuerySchema } from '@shared/prepaid';
import type { BandType } from '@shared/tariffs';
import type { Database } from '../../db/schema';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';

export type DeductionQuery = z.infer<typeof deductionQuerySchema>;

/**
 * /pay/power-hour-record: charged room-hours of the caller's tree, newest hour first, each with its ledger lines
 * (the hour's charges per item and band, the fees due at it, and the adjustments late readings made). A
 * row's `amountMinor` is what the hour cost (positive), adjustments included; an hour with nothing to charge
 * is listed with 0 so a gap in the record means an hour not charged yet.
 */
export async function listDeductions(db: Kysely<Database>, scope: OwnerScope, query: DeductionQuery): Promise<{ list: DeductionHour[]; total: number }> {
  const owners = ownerIds(scope);
  let base = db
    .selectFrom('deduction_hours')
    .innerJoin('prepaid_accounts', 'prepaid_accounts.id', 'deduction_hours.account_id')
    .innerJoin('rooms', 'rooms.id', 'prepaid_accounts.room_id')
    .leftJoin('members', 'members.id', 'prepaid_accounts.member_id');
  if (owners) base = base.where('deduction_hours.owner_user_id', 'in', owners);
  if (query.accountId !== undefined) base = base.where('deduction_hours.account_id', '=', query.accountId);
  if (query.from !== undefined) base = base.where('deduction_hours.hour_start', '>=', query.from);
  if (query.to !== undefined) base = base.where('deduction_hours.hour_start', '<', query.to);
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb('rooms.code', 'like', like), eb('rooms.building', 'like', like), eb('rooms.number', 'like', like), eb('members.name', 'like', like)]),
    );
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select([
      'deduction_hours.account_id',
      'deduction_hours.hour_start',
      'deduction_hours.energy_milli',
      'deduction_hours.amount_minor',
      'deduction_hours.adjustments',
      'deduction_hours.charged_at',
      'rooms.code as room_code',
      'members.name as member_name',
    ])
    .orderBy('deduction_hours.hour_start', 'desc')
    .orderBy('deduction_hours.account_id')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  const list: DeductionHour[] = rows.map((row) => ({
    accountId: row.account_id,
    roomCode: row.room_code,
    memberName: row.member_name ?? null,
    hourStart: Number(row.hour_start),
    energyMilli: Number(row.energy_milli),
    amountMinor: Number(row.amount_minor),
    adjustments: Number(row.adjustments),
    chargedAt: Number(row.charged_at),
    lines: [],
  }));
  if (list.length === 0) return { list, total };
  const byKey = new Map(list.map((hour) => [`${hour.accountId}:${hour.hourStart}`, hour]));
  const hours = [...new Set(list.map((hour) => hour.hourStart))];
  const entries = await db
    .selectFrom('ledger_entries')
    .leftJoin('account_items', 'account_items.id', 'ledger_entries.item_id')
    .select([
      'ledger_entries.account_id',
      'ledger_entries.hour_start',
      'ledger_entries.item_id',
      'account_items.name as item_name',
      'ledger_entries.kind',
      'ledger_entries.band',
      'ledger_entries.energy_milli',
      'ledger_entries.amount_minor',
    ])
    .where('ledger_entries.account_id', 'in', [...new Set(list.map((hour) => hour.accountId))])
    .where('ledger_entries.hour_start', 'in', hours)
    .where('ledger_entries.kind', 'in', ['charge', 'fee', 'adjustment'])
    .orderBy('ledger_entries.id')
    .execute();
  for (const entry of entries) {
    const hour = byKey.get(`${entry.account_id}:${Number(entry.hour_start)}`);
    if (!hour) continue;
    hour.lines.push({
      itemId: entry.item_id,
      itemName: entry.item_name ?? null,
      kind: entry.kind as EntryKind,
      band: (entry.band as BandType | null) ?? null,
      energyMilli: entry.energy_milli === null ? null : Number(entry.energy_milli),
      amountMinor: Number(entry.amount_minor),
    });
  }
  return { list, total };
}
