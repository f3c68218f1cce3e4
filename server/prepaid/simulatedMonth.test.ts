import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { addGateway } from '../mqtt/mqttKit.test-util';
import { localPeriods } from '../metering/calendar';
import { balanceLevelOf } from './balanceLevel';
import { checkLedger } from './ledgerInvariant';
import { DeductionRunner } from './deduction/deductionRunner';
import { at, HOUR, prepaidKit, TOU, TZ } from './deduction/deductionKit.test-util';
import { FakeWechatPay } from './provider/fakeWechatPay.test-util';
import { WechatPayV3 } from './provider/wechatPayV3';
import { SupplyControl, SUPPLY_EVENTS } from './supply/supplyControl';

/*
 * The simulated month: ROOMS rooms with open accounts (mixed items: a time-of-use energy item on every room, daily
 * fees, monthly fees, a service-fee ratio on top-ups; one postpaid room, one keep-supply room, one room with a
 * 22:00–07:00 no-cut window), DAYS local days of random 15-minute consumption ingested through app.ingest.submit
 * (some readings held back for hours, as a gateway that was offline sends them late), the hourly deduction run
 * every 2 hours of simulated time, random counter and online top-ups (the online ones through the local WeChat
 * Pay v3 server, their notifications delivered late, out of order and up to three times, some never: the query
 * loop settles those), a crash in the middle of a deduction run (a second app on the same database throws after
 * 7 account-hours, the first finishes), and a gateway that never acks (every command ends `unknown`).
 * Everything is drawn from one seeded generator, so a failure replays.
 *
 * Scaled to stay under a minute per engine: 20 rooms over 7 days across a month end (the monthly fees fall due
 * on the 1st). SIM_DAYS=30 SIM_ROOMS=… run the full month (45 s on SQLite when the machine is quiet; PostgreSQL takes about 7 s a simulated day).
 */
const ROOMS = Number(process.env.SIM_ROOMS ?? 20);
const DAYS = Number(process.env.SIM_DAYS ?? 7);
const STEP = 2 * HOUR;
const START = at('2026-08-28T00:00:00');
const END = START + DAYS * 24 * HOUR;
const QUARTER = 900_000;
const GATEWAY = 'GW-SIM-01';
const NIGHT = { from: '22:00', to: '07:00' };

/** The TOU tariff's band at an instant (00–08 valley, 08–10:30 flat, 10:30–17 peak, 17–24 flat, Shanghai time). */
function bandAt(ts: number): string {
  const local = new Date(ts + 8 * HOUR);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return minute < 480 ? 'valley' : minute < 630 ? 'flat' : minute < 1020 ? 'peak' : 'flat';
}

/** mulberry32: a small seeded PRNG (deterministic runs). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

interface SimRoom {
  index: number;
  meterCode: string;
  meterId: number;
  accountId: number;
  /** Wh per 15-minute interval, by interval start */
  energy: Map<number, number>;
  /** register in Wh at each reading instant */
  register: Map<number, number>;
}

let t: TestApp;
let second: FastifyInstance;
let fake: FakeWechatPay;
let supply: SupplyControl;
let simNow = START;
const published: { topic: string; payload: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  second = await buildApp(t.config, { logger: false, ...(t.app.storage.schema ? { postgresSchema: t.app.storage.schema } : {}) });
  for (const app of [t.app, second]) {
    // The simulation drives every part with its own clock.
    await app.prepaid.deduction.stop();
    await app.prepaid.supply.stop();
    await app.prepaid.payments.stop();
    await app.prepaid.reconciliation.stop();
  }
  fake = await new FakeWechatPay().start();
  t.app.prepaid.payments.providerOverride = new WechatPayV3(fake.settings());
  // A gateway that never acks: commands are "published" here and nothing answers.
  supply = new SupplyControl({
    db: t.app.storage.db,
    timeZone: TZ,
    events: t.app.prepaid.events,
    clock: () => simNow,
    ackTimeoutMs: 10 * 60_000,
    retryDelaysMs: [20 * 60_000, 40 * 60_000],
    sweepMs: 1e9,
    tickMs: 1e9,
  });
  supply.connect({
    publish: async (topic, payload) => {
      published.push({ topic, payload });
    },
  });
  supply.start();
}, 120_000);

afterAll(async () => {
  await supply?.stop();
  await fake?.stop();
  await second?.close();
  await t?.close();
}, 60_000);

describe('a simulated month of prepaid rooms', () => {
  it('keeps the ledger whole: no double charge, no missed hour, energy charged = energy metered, top-ups credited once, supply explained', async () => {
    const started = performance.now();
    const app = t.app;
    const { db, kind } = app.storage;
    const rnd = prng(20_260_820);
    const kit = prepaidKit(db, kind);
    await kit.clearTariffs();
    const tou = await kit.tariff('Simulated TOU', TOU);
    await app.tariffs.reload();
    await second.tariffs.reload();
    const admin = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    await addGateway(db, GATEWAY, admin);
    const gateway = (await db.selectFrom('gateways').select('id').where('sn', '=', GATEWAY).executeTakeFirstOrThrow()).id;

    const rooms: SimRoom[] = [];
    for (let i = 0; i < ROOMS; i++) {
      const meterCode = `SIM-M${String(i + 1).padStart(2, '0')}`;
      const meterId = (
        await db
          .insertInto('meters')
          .values({
            owner_user_id: admin,
            code: meterCode,
            name: `Simulated room meter ${i + 1}`,
            gateway_id: gateway,
            department_id: null,
            energy_type: 'electricity',
            unit: 'kWh',
            ct_ratio: 1,
            pt_ratio: 1,
            register_max: 99_999_999,
            created_at: START - 86_400_000,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const made = await kit.account({
        meterIds: [meterId],
        from: START - 86_400_000,
        openedAt: START,
        tariffId: tou,
        ...(i % 3 === 0 ? { dailyFeeMinor: 150 + i } : {}),
        // the keep-supply and no-cut rooms start short, so their rules are met
        topupMinor: i === 1 || i === 2 ? 1_000 : rnd.int(30, 120) * 100,
      });
      if (i % 4 === 1)
        await db
          .insertInto('account_items')
          .values({
            owner_user_id: admin,
            account_id: made.account,
            kind: 'fixed_monthly',
            name: 'Property fee',
            energy_type: null,
            tariff_id: null,
            amount_minor: 2_000 + i,
            created_at: START,
          })
          .execute();
      if (i % 5 === 2)
        await db
          .insertInto('account_items')
          .values({
            owner_user_id: admin,
            account_id: made.account,
            kind: 'service_ratio',
            name: 'Top-up fee',
            energy_type: null,
            tariff_id: null,
            ratio_bp: 150,
            created_at: START,
          })
          .execute();
      const special = i === 0 ? { billing_mode: 'postpaid' } : i === 1 ? { keep_supply: 1 } : i === 2 ? { no_cut_from: NIGHT.from, no_cut_to: NIGHT.to } : {};
      if (Object.keys(special).length > 0) await db.updateTable('prepaid_accounts').set(special).where('id', '=', made.account).execute();
      rooms.push({ index: i, meterCode, meterId, accountId: made.account, energy: new Map(), register: new Map() });
    }
    app.ingest.directory.invalidate();

    // Consumption: a room's own habit (its quarter-hour ceiling) and more by day than by night; the register in Wh.
    const habits = rooms.map((room) => (room.index === 1 || room.index === 2 ? 400 : rnd.int(60, 420)));
    for (const room of rooms) {
      let register = 1_000_000 + room.index * 7_919;
      for (let ts = START; ts <= END; ts += QUARTER) {
        room.register.set(ts, register);
        const hour = localPeriods(ts, TZ).hourStart;
        const daytime = new Date(hour + 8 * HOUR).getUTCHours() >= 8;
        const wh = rnd.next() < 0.1 ? 0 : rnd.int(0, daytime ? habits[room.index]! : Math.ceil(habits[room.index]! / 3));
        room.energy.set(ts, wh);
        register += wh;
      }
    }
    // Readings held back: each day two rooms' readings over 1–2 hours arrive 3–6 hours late.
    const lateUntil = new Map<string, number>();
    for (let day = 0; day < DAYS; day++) {
      for (let k = 0; k < 2; k++) {
        const room = rnd.pick(rooms);
        const from = START + day * 24 * HOUR + rnd.int(1, 90) * QUARTER;
        const arrives = from + rnd.int(3, 6) * HOUR;
        for (let q = 0; q < rnd.int(4, 8); q++) lateUntil.set(`${room.meterCode}:${from + q * QUARTER}`, arrives);
      }
    }
    const ingested = new Set<string>();
    const ingestUpTo = async (now: number) => {
      const readings: { meter: string; ts: number; values: { kwh: number } }[] = [];
      for (const room of rooms)
        for (const [ts, wh] of room.register) {
          const key = `${room.meterCode}:${ts}`;
          if (ts > now || ingested.has(key) || (lateUntil.get(key) ?? 0) > now) continue;
          ingested.add(key);
          readings.push({ meter: room.meterCode, ts, values: { kwh: wh / 1000 } });
        }
      for (let i = 0; i < readings.length; i += 500) {
        const outcome = await app.ingest.submit({ readings: readings.slice(i, i + 500) }, { kind: 'mqtt', gatewaySn: GATEWAY });
        expect(outcome).toMatchObject({ rejected: [] });
      }
    };

    // Money in: counter top-ups, and online orders whose notifications come late, out of order, repeated or never.
    const scope = { all: true as const, home: admin };
    const onlineOrders: { outTradeNo: string; accountId: number; amountMinor: number }[] = [];
    const inbox: { due: number; headers: Record<string, string>; body: string }[] = [];
    let deliveries = 0;
    let counterTopups = 0;
    const topUps = async (now: number) => {
      const draws = rnd.int(0, 3);
      for (let k = 0; k < draws; k++) {
        // the keep-supply and no-cut rooms are left to run dry over the first two days
        const room = rnd.pick(now < START + 48 * HOUR ? rooms.slice(3) : rooms);
        const amountMinor = rnd.int(20, 200) * 100 + rnd.int(0, 99);
        if (rnd.next() < 0.4) {
          await app.prepaid.payments.counterTopup(
            scope,
            'admin',
            { accountId: room.accountId, amountMinor, channel: rnd.next() < 0.5 ? 'cash' : 'transfer', note: '' },
            now,
          );
          counterTopups++;
          continue;
        }
        const order = await app.prepaid.payments.createOnlineTopup({ accountId: room.accountId, memberId: null, amountMinor }, now);
        fake.pay(order.outTradeNo, localPeriods(now, TZ).day);
        onlineOrders.push({ outTradeNo: order.outTradeNo, accountId: room.accountId, amountMinor });
        if (rnd.next() < 0.2) continue; // never notified: the query loop settles it
        const copies = rnd.int(1, 3);
        for (let c = 0; c < copies; c++) {
          const notification = fake.paidNotification(order.outTradeNo);
          inbox.push({ due: now + rnd.int(0, 3) * STEP, headers: notification.headers, body: notification.body });
        }
      }
    };
    const deliver = async (now: number) => {
      const due = inbox.filter((n) => n.due <= now);
      for (let i = due.length - 1; i > 0; i--) {
        const j = rnd.int(0, i);
        [due[i], due[j]] = [due[j]!, due[i]!];
      }
      for (const n of due) {
        inbox.splice(inbox.indexOf(n), 1);
        const outcome = await app.prepaid.payments.handleNotification(n.headers, n.body, now);
        expect(['credited', 'already']).toContain(outcome);
        deliveries++;
      }
    };

    // The run: every 2 hours (at :05 and drifting by a few minutes, so the sweep meets every part of the night).
    const runner = app.prepaid.deduction;
    const crashAt = START + Math.floor(DAYS / 3) * 24 * HOUR + 13 * HOUR;
    let crashed = false;
    for (let step = START + STEP; step <= END + 12 * HOUR; step += STEP) {
      simNow = step + rnd.int(3, 40) * 60_000;
      await ingestUpTo(simNow);
      await topUps(simNow);
      await deliver(simNow);
      await app.prepaid.payments.runDueQueries(simNow);
      if (!crashed && simNow >= crashAt) {
        crashed = true;
        let n = 0;
        const crashing = new DeductionRunner({
          db: second.storage.db,
          dbKind: second.storage.kind,
          timeZone: TZ,
          book: () => second.tariffs.book(),
          announce: (result, cause, when) => app.prepaid.events.announce(result, cause, when),
          sqlite: second.storage.sqlite,
          batchSize: 5,
          afterAccountHour: () => {
            if (++n === 8) throw new Error('crash in the middle of the run');
          },
        });
        await expect(crashing.runDue(simNow, false)).rejects.toThrow('crash in the middle of the run');
      }
      await runner.runDue(simNow, true);
      await supply.idle();
      await supply.sweep();
      await supply.idle();
    }
    expect(crashed).toBe(true);
    // Last notifications and queries, then the clock runs on until every unacked command has given up.
    simNow = END + 24 * HOUR;
    await deliver(Number.MAX_SAFE_INTEGER);
    await app.prepaid.payments.runDueQueries(simNow);
    await supply.idle();
    for (let k = 0; k < 4; k++) {
      simNow += HOUR;
      await supply.sweep();
      await supply.idle();
    }
    const lastComplete = END + 12 * HOUR; // END + 12 h, the last step's hour charged: hours end 2 min before the step

    // 1. The ledger invariant.
    const invariant = await checkLedger(db, null, simNow);
    expect(invariant).toMatchObject({ ok: true, mismatches: [], orphanEntries: 0, duplicateHours: 0, runningMismatchCount: 0 });

    // 2. Zero double charges: one charge per account, hour, item and band; one hour row per account-hour.
    const doubleCharges = await db
      .selectFrom('ledger_entries')
      .select(['account_id', 'hour_start', 'item_id', 'band', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', '=', 'charge')
      .groupBy(['account_id', 'hour_start', 'item_id', 'band'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(doubleCharges).toEqual([]);
    const fees = await db.selectFrom('ledger_entries').select(['account_id', 'item_id', 'hour_start']).where('kind', '=', 'fee').execute();
    const feeKeys = fees.map((fee) => `${fee.account_id}:${fee.item_id}:${localPeriods(Number(fee.hour_start), TZ).day}`);
    expect(new Set(feeKeys).size).toBe(feeKeys.length);

    let gapSlots = 0;
    let driftMilli = 0;
    for (const room of rooms) {
      const account = await db.selectFrom('prepaid_accounts').selectAll().where('id', '=', room.accountId).executeTakeFirstOrThrow();
      // 3. Zero missed hours: one deduction_hours row for every hour from the opening to the last complete hour.
      const hourRows = await db
        .selectFrom('deduction_hours')
        .select(['hour_start', 'energy_milli'])
        .where('account_id', '=', room.accountId)
        .orderBy('hour_start')
        .execute();
      expect(Number(account.charged_until)).toBe(lastComplete);
      expect(hourRows.map((row) => Number(row.hour_start))).toEqual(Array.from({ length: (lastComplete - START) / HOUR }, (_, h) => START + h * HOUR));
      // 4. Energy charged (charges and adjustments) = the meter's energy in the charged hours. Each hour-band slot is
      //    charged its energy rounded once to Wh (milli-kWh); the metered quarter-hours are whole Wh, but a gap the late
      //    readings fill was already spread pro rata by ingest (the late readings are kept raw, intervals are not
      //    re-split), so those slots hold fractions: charged = Σ slots round(Σ intervals), within ½ Wh a slot of metered.
      const intervals = await db
        .selectFrom('energy_intervals')
        .select(['start', 'energy'])
        .where('meter_id', '=', room.meterId)
        .where('start', '>=', START)
        .where('start', '<', lastComplete)
        .execute();
      const slots = new Map<string, number>();
      for (const row of intervals) {
        const start = Number(row.start);
        const slot = `${localPeriods(start, TZ).hourStart}:${bandAt(start)}`;
        slots.set(slot, (slots.get(slot) ?? 0) + Number(row.energy) * 1000);
      }
      const expectedMilli = [...slots.values()].reduce((sum, wh) => sum + Math.round(wh), 0);
      const fractional = [...slots.values()].filter((wh) => Math.abs(wh - Math.round(wh)) > 1e-6).length;
      const intervalTotal = intervals.reduce((sum, row) => sum + Number(row.energy) * 1000, 0);
      const metered = [...room.energy].filter(([ts]) => ts >= START && ts < Math.min(lastComplete, END)).reduce((sum, [, wh]) => sum + wh, 0);
      const charged = await db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.sum<number>('energy_milli').as('milli'))
        .where('account_id', '=', room.accountId)
        .where('kind', 'in', ['charge', 'adjustment'])
        .executeTakeFirstOrThrow();
      expect({ room: room.meterCode, milli: Number(charged.milli) }).toEqual({ room: room.meterCode, milli: expectedMilli });
      expect(hourRows.reduce((sum, row) => sum + Number(row.energy_milli), 0)).toBe(expectedMilli);
      expect(Math.abs(intervalTotal - metered)).toBeLessThan(1e-6);
      expect(Math.abs(expectedMilli - metered)).toBeLessThanOrEqual(fractional / 2);
      gapSlots += fractional;
      driftMilli += Math.abs(expectedMilli - metered);
    }

    // 5. Every online order credited once, whatever the provider delivered: one `pay:` entry per paid payment.
    const payments = await db.selectFrom('payments').select(['id', 'out_trade_no', 'state', 'amount_minor', 'service_fee_minor']).execute();
    const byNo = new Map(payments.map((p) => [p.out_trade_no, p]));
    for (const order of onlineOrders) expect(byNo.get(order.outTradeNo)).toMatchObject({ state: 'paid', amount_minor: order.amountMinor });
    const topupEntries = await db
      .selectFrom('ledger_entries')
      .select(['idem_key', 'amount_minor', 'payment_id'])
      .where('kind', '=', 'topup')
      .where('payment_id', 'is not', null)
      .execute();
    expect(topupEntries).toHaveLength(onlineOrders.length + counterTopups);
    expect(new Set(topupEntries.map((e) => e.payment_id)).size).toBe(topupEntries.length);
    const feeEntries = await db.selectFrom('ledger_entries').select(['payment_id', 'amount_minor']).where('kind', '=', 'service_fee').execute();
    expect(feeEntries.reduce((s, e) => s - Number(e.amount_minor), 0)).toBe(payments.reduce((s, p) => s + Number(p.service_fee_minor ?? 0), 0));
    expect(deliveries).toBeGreaterThan(onlineOrders.length * 0.8);

    // 6. Every room's supply state from its log: commands ↔ events, nothing acked so every action ends `unknown`.
    const levelsSeen = { arrears: 0 };
    for (const room of rooms) {
      const account = await db.selectFrom('prepaid_accounts').selectAll().where('id', '=', room.accountId).executeTakeFirstOrThrow();
      const commands = await db.selectFrom('supply_commands').selectAll().where('account_id', '=', room.accountId).orderBy('id').execute();
      const events = await db.selectFrom('account_events').selectAll().where('account_id', '=', room.accountId).orderBy('id').execute();
      const detail = (e: (typeof events)[number]) =>
        JSON.parse(e.detail) as { commandIds?: string[]; commandId?: string; balanceMinor?: number; cause?: string; reason?: string };
      const issued = events.filter((e) => e.what === SUPPLY_EVENTS.cut || e.what === SUPPLY_EVENTS.restore);
      // every command was issued by one logged decision, which gives its cause and the balance it was taken on
      expect(issued.flatMap((e) => detail(e).commandIds ?? []).sort()).toEqual(commands.map((c) => c.command_id).sort());
      for (const e of issued) {
        const level = balanceLevelOf(detail(e).balanceMinor!, {
          alarm1_minor: account.alarm1_minor,
          alarm2_minor: account.alarm2_minor,
          credit_limit_minor: Number(account.credit_limit_minor),
        });
        if (e.what === SUPPLY_EVENTS.cut) {
          levelsSeen.arrears++;
          expect(level).toBe(3);
          expect(detail(e).cause).toBe('balance');
          if (room.index === 2) {
            const minute = new Date(Number(e.at) + 8 * HOUR).getUTCHours() * 60 + new Date(Number(e.at) + 8 * HOUR).getUTCMinutes();
            expect(minute >= 7 * 60 && minute < 22 * 60).toBe(true);
          }
        } else expect(level).toBeLessThan(3);
      }
      if (room.index === 0 || room.index === 1) expect(commands).toEqual([]);
      // the gateway never acked: every command still standing went unknown after its resends, each logged
      const standing = commands.filter((c) => c.state !== 'superseded');
      for (const c of standing) {
        expect(c.state).toBe('unknown');
        expect(Number(c.attempts)).toBe(3);
        expect(events.some((e) => e.what === SUPPLY_EVENTS.unknown && detail(e).commandId === c.command_id)).toBe(true);
      }
      expect(account.supply_state).toBe(commands.length === 0 ? 'on' : 'unknown');
      for (const c of commands) expect(published.filter((p) => p.payload.includes(c.command_id)).length).toBeGreaterThan(0);
    }
    // The simulation did exercise what it claims: cut-offs, restores, blocked cut-offs, adjustments, a crash.
    expect(levelsSeen.arrears).toBeGreaterThan(0);
    const allEvents = await db.selectFrom('account_events').select(['what', 'account_id']).execute();
    expect(allEvents.some((e) => e.what === SUPPLY_EVENTS.restore)).toBe(true);
    expect(allEvents.some((e) => e.what === SUPPLY_EVENTS.cutBlocked && e.account_id === rooms[1]!.accountId)).toBe(true);
    const adjustments = await db.selectFrom('ledger_entries').select('id').where('kind', '=', 'adjustment').execute();
    expect(adjustments.length).toBeGreaterThan(0);
    console.log(
      `simulated month (${kind}): ${ROOMS} rooms × ${DAYS} days, ${onlineOrders.length} online + ${counterTopups} counter top-ups, ` +
        `${deliveries} notifications, ${adjustments.length} adjustments, ${gapSlots} spread slots (${driftMilli} Wh rounding), ${published.length} command sends, ${Math.round(performance.now() - started)} ms`,
    );
  }, 240_000);
});
