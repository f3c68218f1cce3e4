import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * Prepaid energy and billing: members and rooms (plain resources), the meters feeding a room over time, one
 * account per room with its charging items, the immutable money ledger (integer minor units), the hour marks
 * that make each room-hour charged exactly once, payments (counter and online) and refunds, supply commands
 * to gateways, monthly bills, reconciliation and cash-ups, WeChat settings and bound users, member sign-in
 * codes and the account's event log. Every row but the platform ones (WeChat app, reconciliation days,
 * sign-in codes) belongs to a user tree.
 */
export function prepaid(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('members'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        /** person | company */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('members_owner').on('members').column('owner_user_id').execute();
      await db.schema.createIndex('members_phone').on('members').column('phone').execute();

      await withId(db.schema.createTable('rooms'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('building', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('floor', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('number', 'text', (c) => c.notNull().defaultTo(''))
        /** m² */
        .addColumn('area', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
        .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('rooms_owner').on('rooms').column('owner_user_id').execute();
      await db.schema.createIndex('rooms_member').on('rooms').column('member_id').execute();

      // Which meter fed which room when: a move or a replacement ends one row and starts the next.
      await withId(db.schema.createTable('room_meters'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('meter_id', 'integer', (c) => c.notNull().references('meters.id').onDelete('cascade'))
        .addColumn('from_ts', 'bigint', (c) => c.notNull())
        /** null: still feeding the room */
        .addColumn('to_ts', 'bigint')
        .execute();
      await db.schema.createIndex('room_meters_room').on('room_meters').columns(['room_id', 'from_ts']).execute();
      await db.schema.createIndex('room_meters_meter').on('room_meters').columns(['meter_id', 'from_ts']).execute();

      await withId(db.schema.createTable('prepaid_accounts'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('room_id', 'integer', (c) => c.notNull().unique().references('rooms.id').onDelete('cascade'))
        .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
        /** prepaid | postpaid */
        .addColumn('billing_mode', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CNY'))
        /** level-1 and level-2 balance alarm thresholds (level 1 ≥ level 2), minor units */
        .addColumn('alarm1_minor', 'integer', (c) => c.notNull())
        .addColumn('alarm2_minor', 'integer', (c) => c.notNull())
        /** how far below zero the balance may go before the cut-off (≥ 0), minor units */
        .addColumn('credit_limit_minor', 'integer', (c) => c.notNull().defaultTo(0))
        /** no-cut window at night, local 'HH:MM' both or neither (from > to spans midnight) */
        .addColumn('no_cut_from', 'text')
        .addColumn('no_cut_to', 'text')
        .addColumn('no_cut_weekends', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('no_cut_holidays', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('keep_supply', 'integer', (c) => c.notNull().defaultTo(0))
        /** on | cutting | cut | restoring | unknown */
        .addColumn('supply_state', 'text', (c) => c.notNull().defaultTo('on'))
        /** The ledger sum kept beside the ledger (written in the entry's transaction; the invariant check compares). */
        .addColumn('balance_minor', 'integer', (c) => c.notNull().defaultTo(0))
        /** 0 normal, 1 under level 1, 2 under level 2, 3 arrears (at or below −credit limit) */
        .addColumn('balance_level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('balance_alarm_id', 'integer')
        /** The first hour (epoch ms, local hour start) not charged yet. */
        .addColumn('charged_until', 'bigint', (c) => c.notNull())
        /** open | closed */
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('prepaid_accounts_owner').on('prepaid_accounts').column('owner_user_id').execute();
      await db.schema.createIndex('prepaid_accounts_member').on('prepaid_accounts').column('member_id').execute();

      // /pay/user-item: what an account is charged for.
      await withId(db.schema.createTable('account_items'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('prepaid_accounts.id').onDelete('cascade'))
        /** energy | fixed_daily | fixed_monthly | service_ratio */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        /** energy items: electricity | water | gas, priced by `tariff_id` per band */
        .addColumn('energy_type', 'text')
        .addColumn('tariff_id', 'integer', (c) => c.references('tariffs.id').onDelete('restrict'))
        /** fixed fees: the amount per day or per month, minor units */
        .addColumn('amount_minor', 'integer', (c) => c.notNull().defaultTo(0))
        /** service_ratio: basis points of each top-up kept as a service fee (250 = 2.5 %) */
        .addColumn('ratio_bp', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_items_account').on('account_items').column('account_id').execute();

      // The ledger: immutable; a balance is the sum of its entries. Credit positive, debit negative.
      await withId(db.schema.createTable('ledger_entries'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('prepaid_accounts.id').onDelete('restrict'))
        /** topup | service_fee | charge | fee | refund | adjustment */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('balance_after_minor', 'integer', (c) => c.notNull())
        /** charges and fees: the local hour (epoch ms) they are for */
        .addColumn('hour_start', 'bigint')
        .addColumn('item_id', 'integer')
        /** sharp | peak | flat | valley | deep (energy charges) */
        .addColumn('band', 'text')
        .addColumn('energy_milli', 'integer')
        .addColumn('payment_id', 'integer')
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        /** the user name, or 'system' */
        .addColumn('operator', 'text', (c) => c.notNull())
        /** Makes a write idempotent: `charge:<account>:<hour>:<item>:<band>:<n>`, `pay:<payment>`, `refund:<refund>` … */
        .addColumn('idem_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account_id', 'id']).execute();
      await db.schema.createIndex('ledger_entries_hour').on('ledger_entries').columns(['account_id', 'hour_start']).execute();
      await db.schema.createIndex('ledger_entries_owner_time').on('ledger_entries').columns(['owner_user_id', 'created_at']).execute();

      // One row per account and charged hour, written in the charge's transaction: the exactly-once mark.
      await db.schema
        .createTable('deduction_hours')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('prepaid_accounts.id').onDelete('cascade'))
        .addColumn('hour_start', 'bigint', (c) => c.notNull())
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('energy_milli', 'integer', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        /** how many times late data adjusted this hour */
        .addColumn('adjustments', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('charged_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('deduction_hours_pk', ['account_id', 'hour_start'])
        .execute();
      await db.schema.createIndex('deduction_hours_owner').on('deduction_hours').columns(['owner_user_id', 'hour_start']).execute();

      await withId(db.schema.createTable('payments'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('prepaid_accounts.id').onDelete('restrict'))
        .addColumn('member_id', 'integer')
        /** cash | transfer | wechat */
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('out_trade_no', 'text', (c) => c.notNull().unique())
        .addColumn('provider_txn_id', 'text', (c) => c.unique())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('service_fee_minor', 'integer', (c) => c.notNull().defaultTo(0))
        /** created | paid | closed | unknown | failed */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('receipt_no', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('query_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_query_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .execute();
      await db.schema.createIndex('payments_account').on('payments').columns(['account_id', 'created_at']).execute();
      await db.schema.createIndex('payments_owner_time').on('payments').columns(['owner_user_id', 'created_at']).execute();
      await db.schema.createIndex('payments_state').on('payments').columns(['state', 'next_query_at']).execute();

      await withId(db.schema.createTable('refunds'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('restrict'))
        .addColumn('out_refund_no', 'text', (c) => c.notNull().unique())
        .addColumn('provider_refund_id', 'text')
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        /** processing | success | failed | unknown */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('done_at', 'bigint')
        .execute();
      await db.schema.createIndex('refunds_payment').on('refunds').column('payment_id').execute();

      // Cut-off and restore commands to gateways on gateways/{sn}/commands, acknowledged on …/commands/ack.
      await withId(db.schema.createTable('supply_commands'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('command_id', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('prepaid_accounts.id').onDelete('cascade'))
        .addColumn('meter_id', 'integer', (c) => c.notNull())
        .addColumn('meter_code', 'text', (c) => c.notNull())
        .addColumn('gateway_sn', 'text', (c) => c.notNull())
        /** cut | restore */
        .addColumn('action', 'text', (c) => c.notNull())
        /** pending | sent | acked | failed | unknown | superseded */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        /** balance | topup | operator */
        .addColumn('cause', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('acked_at', 'bigint')
        .execute();
      await db.schema.createIndex('supply_commands_account').on('supply_commands').columns(['account_id', 'id']).execute();
      await db.schema.createIndex('supply_commands_due').on('supply_commands').columns(['state', 'next_attempt_at']).execute();

      await withId(db.schema.createTable('bills'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('prepaid_accounts.id').onDelete('restrict'))
        .addColumn('room_id', 'integer', (c) => c.notNull())
        .addColumn('member_id', 'integer')
        /** YYYY-MM in TIME_ZONE */
        .addColumn('month', 'text', (c) => c.notNull())
        /** statement (prepaid) | invoice (postpaid, with a due day) */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('opening_minor', 'integer', (c) => c.notNull())
        .addColumn('charges_minor', 'integer', (c) => c.notNull())
        .addColumn('fees_minor', 'integer', (c) => c.notNull())
        .addColumn('topups_minor', 'integer', (c) => c.notNull())
        .addColumn('refunds_minor', 'integer', (c) => c.notNull())
        .addColumn('adjustments_minor', 'integer', (c) => c.notNull())
        .addColumn('closing_minor', 'integer', (c) => c.notNull())
        /** JSON: [{ itemId, name, band, energyMilli, amountMinor }] */
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('due_day', 'text')
        /** issued | paid | overdue */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('bills_account_month', ['account_id', 'month'])
        .execute();
      await db.schema.createIndex('bills_owner_month').on('bills').columns(['owner_user_id', 'month']).execute();

      // Reconciliation: one run per local day against the provider's daily bill; differences queue for a person.
      await db.schema
        .createTable('reconciliation_days')
        .addColumn('day', 'text', (c) => c.primaryKey())
        /** done | failed */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('provider_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('provider_minor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ledger_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ledger_minor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('differences', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('reconciliation_items'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        /** missing_in_ledger | missing_at_provider | amount_mismatch | cash_mismatch */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('out_trade_no', 'text')
        .addColumn('provider_txn_id', 'text')
        .addColumn('payment_id', 'integer')
        .addColumn('ledger_minor', 'integer')
        .addColumn('provider_minor', 'integer')
        .addColumn('reason', 'text', (c) => c.notNull())
        /** open | resolved */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('resolution', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('resolved_by', 'text')
        .addColumn('resolved_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('reconciliation_items_key', ['day', 'kind', 'out_trade_no'])
        .execute();
      await db.schema.createIndex('reconciliation_items_state').on('reconciliation_items').columns(['state', 'day']).execute();

      // An operator's cash-up: what they counted for a day against their counter top-ups in the ledger.
      await withId(db.schema.createTable('cash_ups'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('declared_minor', 'integer', (c) => c.notNull())
        .addColumn('ledger_minor', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('cash_ups_operator_day', ['operator', 'day'])
        .execute();

      // /wx/wxApp: one platform row; secrets are written, never read back.
      await withId(db.schema.createTable('wx_apps'), kind)
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('mch_id', 'text', (c) => c.notNull())
        .addColumn('merchant_serial_no', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('app_secret', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('api_v3_key', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('private_key_pem', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('platform_public_key_pem', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('base_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notify_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('wx_users'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('openid', 'text', (c) => c.notNull().unique())
        .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
        .addColumn('bound_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('wx_users_member').on('wx_users').column('member_id').execute();

      // Member sign-in by phone: one pending code per phone (hashed), tried a few times at most.
      await db.schema
        .createTable('member_login_codes')
        .addColumn('phone', 'text', (c) => c.primaryKey())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();

      // What happened to an account and who did it: opened, settings, keep-supply, levels, cut and restore, invariant checks.
      await withId(db.schema.createTable('account_events'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('prepaid_accounts.id').onDelete('cascade'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('what', 'text', (c) => c.notNull())
        /** JSON object */
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('operator', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_events_account').on('account_events').columns(['account_id', 'at']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of [
        'account_events',
        'member_login_codes',
        'wx_users',
        'wx_apps',
        'cash_ups',
        'reconciliation_items',
        'reconciliation_days',
        'bills',
        'supply_commands',
        'refunds',
        'payments',
        'deduction_hours',
        'ledger_entries',
        'account_items',
        'prepaid_accounts',
        'room_meters',
        'rooms',
        'members',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
