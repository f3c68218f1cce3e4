import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

/** Tree A's prepaid objects: a room with its meter, an open account with an item, and one of each record. */
export interface PrepaidObjects {
  room: number;
  member: number;
  roomMeter: number;
  account: number;
  accountItem: number;
  ledgerEntry: number;
  payment: number;
  refund: number;
  supplyCommand: number;
  bill: number;
  reconciliationItem: number;
  cashUp: number;
  wxUser: number;
  accountEvent: number;
}

const id = (row: { id: number }) => Number(row.id);

export async function makePrepaidObjects(db: Kysely<Database>, owner: number, meter: number, mark: string, now: number): Promise<PrepaidObjects> {
  const member = id(
    await db
      .insertInto('members')
      .values({ owner_user_id: owner, code: `${mark}-MB`, name: `${mark} tenant`, kind: 'company', phone: '13800000001' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const room = id(
    await db
      .insertInto('rooms')
      .values({
        owner_user_id: owner,
        code: `${mark}-R101`,
        building: `${mark} B1`,
        floor: '1',
        number: '101',
        area: 50,
        department_id: null,
        member_id: member,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const roomMeter = id(
    await db
      .insertInto('room_meters')
      .values({ owner_user_id: owner, room_id: room, meter_id: meter, from_ts: now - 86_400_000, to_ts: null })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const hour = Math.floor(now / 3_600_000) * 3_600_000;
  const account = id(
    await db
      .insertInto('prepaid_accounts')
      .values({
        owner_user_id: owner,
        room_id: room,
        member_id: member,
        billing_mode: 'prepaid',
        alarm1_minor: 5000,
        alarm2_minor: 1000,
        no_cut_from: null,
        no_cut_to: null,
        balance_minor: 10000,
        charged_until: hour,
        opened_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const accountItem = id(
    await db
      .insertInto('account_items')
      .values({
        owner_user_id: owner,
        account_id: account,
        kind: 'fixed_daily',
        name: `${mark} service fee`,
        energy_type: null,
        tariff_id: null,
        amount_minor: 100,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const payment = id(
    await db
      .insertInto('payments')
      .values({
        owner_user_id: owner,
        account_id: account,
        member_id: member,
        channel: 'cash',
        out_trade_no: `${mark}-PAY-1`,
        provider_txn_id: null,
        amount_minor: 10000,
        state: 'paid',
        operator: 'alpha',
        receipt_no: `${mark}-RC-1`,
        created_at: now,
        paid_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const ledgerEntry = id(
    await db
      .insertInto('ledger_entries')
      .values({
        owner_user_id: owner,
        account_id: account,
        kind: 'topup',
        amount_minor: 10000,
        balance_after_minor: 10000,
        hour_start: null,
        item_id: null,
        band: null,
        energy_milli: null,
        payment_id: payment,
        operator: 'alpha',
        idem_key: `pay:${payment}`,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const refund = id(
    await db
      .insertInto('refunds')
      .values({
        owner_user_id: owner,
        payment_id: payment,
        out_refund_no: `${mark}-RF-1`,
        provider_refund_id: null,
        amount_minor: 1,
        state: 'failed',
        reason: `${mark} refund`,
        operator: 'alpha',
        created_at: now,
        done_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const supplyCommand = id(
    await db
      .insertInto('supply_commands')
      .values({
        owner_user_id: owner,
        command_id: `${mark}-CMD-1`,
        account_id: account,
        meter_id: meter,
        meter_code: 'ALPHA-M1',
        gateway_sn: 'GW-ALPHA',
        action: 'cut',
        state: 'acked',
        next_attempt_at: null,
        cause: 'operator',
        operator: 'alpha',
        created_at: now,
        sent_at: now,
        acked_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const bill = id(
    await db
      .insertInto('bills')
      .values({
        owner_user_id: owner,
        account_id: account,
        room_id: room,
        member_id: member,
        month: '2025-12',
        kind: 'statement',
        opening_minor: 0,
        charges_minor: 0,
        fees_minor: 0,
        topups_minor: 0,
        refunds_minor: 0,
        adjustments_minor: 0,
        closing_minor: 0,
        lines: '[]',
        due_day: null,
        state: 'issued',
        paid_at: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const reconciliationItem = id(
    await db
      .insertInto('reconciliation_items')
      .values({
        owner_user_id: owner,
        day: '2025-12-01',
        kind: 'missing_at_provider',
        out_trade_no: `${mark}-PAY-1`,
        provider_txn_id: null,
        payment_id: payment,
        ledger_minor: 10000,
        provider_minor: null,
        reason: `${mark} difference`,
        state: 'open',
        resolved_by: null,
        resolved_at: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const cashUp = id(
    await db
      .insertInto('cash_ups')
      .values({ owner_user_id: owner, operator: 'alpha', day: '2025-12-01', declared_minor: 0, ledger_minor: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const wxUser = id(
    await db
      .insertInto('wx_users')
      .values({ owner_user_id: owner, openid: `${mark}-OPENID`, nickname: `${mark} wx`, member_id: null, bound_at: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const accountEvent = id(
    await db
      .insertInto('account_events')
      .values({ owner_user_id: owner, account_id: account, at: now, what: 'opened', operator: 'alpha' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { room, member, roomMeter, account, accountItem, ledgerEntry, payment, refund, supplyCommand, bill, reconciliationItem, cashUp, wxUser, accountEvent };
}
