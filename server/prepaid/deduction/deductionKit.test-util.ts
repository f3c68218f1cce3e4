import type { Kysely } from 'kysely';
import type { TariffDefinition } from '@shared/tariffs';
import type { DbKind } from '../../db/connect';
import type { Database } from '../../db/schema';
import { postEntries } from '../ledger';

/** Shanghai keeps no daylight saving: local midnight is 16:00 UTC the day before. */
export const TZ = 'Asia/Shanghai';
export const at = (dateTime: string): number => Date.parse(`${dateTime}+08:00`);
export const HOUR = 3_600_000;

/**
 * A time-of-use tariff with four-decimal prices (so rounding per entry shows): every day
 * 00:00–08:00 valley 0.3125, 08:00–10:30 flat 0.6543, 10:30–17:00 peak 1.0789, 17:00–24:00 flat 0.6543.
 */
export const TOU: TariffDefinition = {
  prices: { peak: '1.078900', flat: '0.654300', valley: '0.312500' },
  seasons: [
    {
      name: 'All year',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      layouts: {
        workday: [
          { from: '00:00', to: '08:00', band: 'valley' },
          { from: '08:00', to: '10:30', band: 'flat' },
          { from: '10:30', to: '17:00', band: 'peak' },
          { from: '17:00', to: '24:00', band: 'flat' },
        ],
      },
    },
  ],
  tiers: [],
};
/** All day flat 0.5000. */
export const FLAT: TariffDefinition = {
  prices: { flat: '0.500000' },
  seasons: [{ name: 'All year', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: [{ from: '00:00', to: '24:00', band: 'flat' }] } }],
  tiers: [],
};

/** Rooms, accounts and items written straight to the tables (the account routes are tested elsewhere). */
export function prepaidKit(db: Kysely<Database>, dbKind: DbKind) {
  let owner = 0;
  let seq = 0;
  const ownerId = async () => (owner ||= (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id);
  return {
    /** Takes away the demo's tariffs, assignments and holidays so hand-computed figures hold. */
    async clearTariffs(): Promise<void> {
      await db.deleteFrom('tariff_assignments').execute();
      await db.deleteFrom('account_items').where('tariff_id', 'is not', null).execute();
      await db.deleteFrom('tariff_versions').execute();
      await db.deleteFrom('tariffs').execute();
      await db.deleteFrom('calendar_days').execute();
    },
    async tariff(name: string, definition: TariffDefinition): Promise<number> {
      const now = Date.now();
      const id = (
        await db
          .insertInto('tariffs')
          .values({ owner_user_id: await ownerId(), name, energy_type: 'electricity', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await db
        .insertInto('tariff_versions')
        .values({ tariff_id: id, valid_from: '2026-01-01', valid_to: null, definition: JSON.stringify(definition), created_by: null, created_at: now })
        .execute();
      return id;
    },
    async meter(code: string): Promise<number> {
      return (await db.selectFrom('meters').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    },
    /**
     * A room fed by `meterIds` since `from`, an account opened at `openedAt` with an electricity item on `tariffId`
     * (when given) and a daily fee (when given), and a top-up of `topupMinor`.
     */
    async account(options: { meterIds: number[]; from: number; openedAt: number; tariffId?: number; dailyFeeMinor?: number; topupMinor?: number }) {
      const owner_user_id = await ownerId();
      const mark = `DED-${++seq}`;
      const room = (
        await db
          .insertInto('rooms')
          .values({ owner_user_id, code: `${mark}-R`, building: 'B1', floor: '1', number: String(seq), department_id: null, member_id: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      for (const meterId of options.meterIds)
        await db.insertInto('room_meters').values({ owner_user_id, room_id: room, meter_id: meterId, from_ts: options.from, to_ts: null }).execute();
      const hour = Math.floor(options.openedAt / HOUR) * HOUR;
      const account = (
        await db
          .insertInto('prepaid_accounts')
          .values({
            owner_user_id,
            room_id: room,
            member_id: null,
            billing_mode: 'prepaid',
            alarm1_minor: 5000,
            alarm2_minor: 1000,
            no_cut_from: null,
            no_cut_to: null,
            charged_until: hour,
            opened_at: options.openedAt,
            updated_at: options.openedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      let energyItem: number | null = null;
      let feeItem: number | null = null;
      if (options.tariffId !== undefined)
        energyItem = (
          await db
            .insertInto('account_items')
            .values({
              owner_user_id,
              account_id: account,
              kind: 'energy',
              name: 'Electricity',
              energy_type: 'electricity',
              tariff_id: options.tariffId,
              created_at: options.openedAt,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      if (options.dailyFeeMinor !== undefined)
        feeItem = (
          await db
            .insertInto('account_items')
            .values({
              owner_user_id,
              account_id: account,
              kind: 'fixed_daily',
              name: 'Service fee',
              energy_type: null,
              tariff_id: null,
              amount_minor: options.dailyFeeMinor,
              created_at: options.openedAt,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      if (options.topupMinor)
        await postEntries(
          db,
          dbKind,
          account,
          [{ kind: 'topup', amountMinor: options.topupMinor, idemKey: `test-topup:${mark}`, operator: 'admin' }],
          options.openedAt,
        );
      return { room, account, energyItem, feeItem };
    },
    async entries(accountId: number) {
      return db.selectFrom('ledger_entries').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
    },
    async hours(accountId: number) {
      return db.selectFrom('deduction_hours').selectAll().where('account_id', '=', accountId).orderBy('hour_start').execute();
    },
    /** The account's stored balance, the sum of its entries, and whether the entries' running balances chain. */
    async balance(accountId: number) {
      const row = await db.selectFrom('prepaid_accounts').select(['balance_minor', 'charged_until']).where('id', '=', accountId).executeTakeFirstOrThrow();
      const entries = await this.entries(accountId);
      let running = 0;
      let chained = true;
      for (const entry of entries) {
        running += Number(entry.amount_minor);
        if (Number(entry.balance_after_minor) !== running) chained = false;
      }
      return { balanceMinor: Number(row.balance_minor), ledgerSumMinor: running, chained, chargedUntil: Number(row.charged_until) };
    },
  };
}
