import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { DIRECTORY_CHANGED, MeterDirectory, type DirectoryAnnouncer } from './meterDirectory';

/**
 * Another server process adds, moves or deletes meters and gateways in the shared database; this process's copy
 * (MeterDirectory) does not know yet. Here "another process" is a write straight to the database, which is all this
 * process sees of it.
 */
let t: TestApp;
let admin: number;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const db = () => t.app.storage.db;
const minuteAgo = () => Date.now() - 60_000;

/** A gateway and a meter on it, written behind the directory's back. */
async function addedElsewhere(): Promise<{ sn: string; code: string; gatewayId: number; meterId: number }> {
  seq += 1;
  const sn = `GW-ELSEWHERE-${seq}`;
  const code = `ELSEWHERE-${seq}`;
  const gateway = await db()
    .insertInto('gateways')
    .values({ sn, name: sn, owner_user_id: admin, online: 0, last_seen_at: null, mqtt_username: null, mqtt_password_hash: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const meter = await db()
    .insertInto('meters')
    .values({
      owner_user_id: admin,
      code,
      name: code,
      gateway_id: gateway.id,
      department_id: null,
      energy_type: 'electricity',
      unit: 'kWh',
      ct_ratio: 1,
      pt_ratio: 1,
      register_max: 99_999_999,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { sn, code, gatewayId: gateway.id, meterId: meter.id };
}

describe('a reading for a gateway or meter this process has not loaded yet', () => {
  it('is stored: the directory reloads once before refusing an unknown gateway', async () => {
    await t.app.ingest.directory.get();
    const { sn, code } = await addedElsewhere();
    const outcome = await t.app.ingest.submit({ ts: minuteAgo(), readings: [{ meter: code, values: { kwh: 10 } }] }, { kind: 'mqtt', gatewaySn: sn });
    expect(outcome).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  });

  it('is stored when its meter moved to this gateway elsewhere a moment ago', async () => {
    const from = await addedElsewhere();
    const to = await addedElsewhere();
    await t.app.ingest.directory.get();
    await db().updateTable('meters').set({ gateway_id: to.gatewayId }).where('id', '=', from.meterId).execute();
    const outcome = await t.app.ingest.submit({ ts: minuteAgo(), readings: [{ meter: from.code, values: { kwh: 3 } }] }, { kind: 'mqtt', gatewaySn: to.sn });
    expect(outcome).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  });

  it('from an interface key is stored when the meter was added elsewhere a moment ago', async () => {
    const { code, gatewayId } = await addedElsewhere();
    const outcome = await t.app.ingest.submit(
      { ts: minuteAgo(), readings: [{ meter: code, values: { kwh: 4 } }] },
      { kind: 'http', allowedGatewayIds: new Set([gatewayId]), ownerUserId: admin },
    );
    expect(outcome).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  });
});

describe('unknown serials and meter codes', () => {
  it('a flood of unknown serials at once costs one load, and each is refused', async () => {
    const directory = t.app.ingest.directory;
    await directory.get();
    const before = directory.loads;
    const serials = Array.from({ length: 40 }, (_, i) => `JUNK-${i}`);
    const outcomes = await Promise.all(
      serials.map((sn) => t.app.ingest.submit({ readings: [{ meter: 'M041', values: { kwh: 1 } }] }, { kind: 'mqtt', gatewaySn: sn })),
    );
    expect(outcomes).toEqual(serials.map((sn) => ({ refused: `unknown gateway "${sn}"` })));
    expect(directory.loads - before).toBe(1);
    // Found missing by that load: refused again without another.
    expect(await t.app.ingest.submit({ readings: [{ meter: 'M041', values: { kwh: 1 } }] }, { kind: 'mqtt', gatewaySn: 'JUNK-7' })).toEqual({
      refused: 'unknown gateway "JUNK-7"',
    });
    expect(directory.loads - before).toBe(1);
  });

  it('a gateway reading a meter nobody configured costs one load, not one per message', async () => {
    const { sn, code } = await addedElsewhere();
    const directory = t.app.ingest.directory;
    await directory.get();
    const before = directory.loads;
    const send = (kwh: number) =>
      t.app.ingest.submit(
        {
          ts: minuteAgo() + kwh,
          readings: [
            { meter: code, values: { kwh } },
            { meter: 'NOT-CONFIGURED', values: { kwh } },
          ],
        },
        { kind: 'mqtt', gatewaySn: sn },
      );
    const rejected = [{ index: 1, meter: 'NOT-CONFIGURED', reason: 'unknown meter "NOT-CONFIGURED"' }];
    expect(await send(1)).toEqual({ accepted: 1, duplicates: 0, rejected });
    expect(await send(2)).toEqual({ accepted: 1, duplicates: 0, rejected });
    expect(await send(3)).toEqual({ accepted: 1, duplicates: 0, rejected });
    // One, for the gateway added behind its back: it found that meter and not NOT-CONFIGURED, which is then left alone.
    expect(directory.loads - before).toBe(1);
  });

  it('a serial found missing is looked for again once a change is known (here, or announced)', async () => {
    const directory = t.app.ingest.directory;
    await t.app.ingest.submit({ readings: [{ meter: 'M041', values: { kwh: 1 } }] }, { kind: 'mqtt', gatewaySn: 'GW-LATER' });
    const { code, gatewayId } = await addedElsewhere();
    await db().updateTable('gateways').set({ sn: 'GW-LATER' }).where('id', '=', gatewayId).execute();
    directory.invalidate();
    expect(await t.app.ingest.submit({ ts: minuteAgo(), readings: [{ meter: code, values: { kwh: 1 } }] }, { kind: 'mqtt', gatewaySn: 'GW-LATER' })).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [],
    });
  });
});

describe('a meter deleted elsewhere while this process still holds it', () => {
  it('its reading is rejected as unknown and the payload written in the same batch is stored', async () => {
    const gone = await addedElsewhere();
    const kept = await addedElsewhere();
    await t.app.ingest.directory.get();
    await db().deleteFrom('meters').where('id', '=', gone.meterId).execute();
    const ts = minuteAgo();
    const [forGone, forKept] = await Promise.all([
      t.app.ingest.submit({ ts, readings: [{ meter: gone.code, values: { kwh: 5 } }] }, { kind: 'mqtt', gatewaySn: gone.sn }),
      t.app.ingest.submit({ ts, readings: [{ meter: kept.code, values: { kwh: 5 } }] }, { kind: 'mqtt', gatewaySn: kept.sn }),
    ]);
    expect(forGone).toEqual({ accepted: 0, duplicates: 0, rejected: [{ index: 0, meter: gone.code, reason: `unknown meter "${gone.code}"` }] });
    expect(forKept).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    const stored = await db().selectFrom('readings').select('ts').where('meter_id', '=', kept.meterId).execute();
    expect(stored.map((row) => Number(row.ts))).toEqual([ts]);
  });
});

describe('changes announced between processes', () => {
  /** Two processes' announcers joined by hand, as ClusterEvents joins them over Redis (each hears only the other). */
  function pair(): [DirectoryAnnouncer, DirectoryAnnouncer, string[]] {
    const listeners: [Set<(data: unknown) => void>, Set<(data: unknown) => void>] = [new Set(), new Set()];
    const published: string[] = [];
    const side = (mine: 0 | 1): DirectoryAnnouncer => ({
      publish: (topic, data) => {
        published.push(topic);
        if (topic === DIRECTORY_CHANGED) for (const listener of listeners[mine === 0 ? 1 : 0]) listener(data);
      },
      on: (topic, listener) => {
        if (topic !== DIRECTORY_CHANGED) return () => undefined;
        listeners[mine].add(listener);
        return () => listeners[mine].delete(listener);
      },
    });
    return [side(0), side(1), published];
  }

  it("a change made through one process drops the other's copy, so its next lookup loads", async () => {
    const a = new MeterDirectory(db(), { maxAgeMs: 3_600_000 });
    const b = new MeterDirectory(db(), { maxAgeMs: 3_600_000 });
    const [toA, toB, published] = pair();
    const offA = a.shareChanges(toA);
    b.shareChanges(toB);
    const { code } = await addedElsewhere();
    await a.get();
    await b.get();
    await db().updateTable('meters').set({ ct_ratio: 25 }).where('code', '=', code).execute();
    expect((await a.get()).meterByCode.get(code)?.profile.ctRatio).toBe(1);
    b.invalidate();
    expect(published).toEqual([DIRECTORY_CHANGED]);
    expect((await a.get()).meterByCode.get(code)?.profile.ctRatio).toBe(25);
    // Unsubscribed: it neither hears nor tells.
    offA();
    await db().updateTable('meters').set({ ct_ratio: 30 }).where('code', '=', code).execute();
    b.invalidate();
    a.invalidate();
    expect(published).toEqual([DIRECTORY_CHANGED, DIRECTORY_CHANGED]);
  });

  it('a load that began before a change is handed to who asked for it but not kept', async () => {
    const directory = new MeterDirectory(db(), { maxAgeMs: 3_600_000 });
    const { code } = await addedElsewhere();
    const early = directory.get();
    directory.invalidate();
    await db().updateTable('meters').set({ ct_ratio: 7 }).where('code', '=', code).execute();
    await early;
    expect((await directory.get()).meterByCode.get(code)?.profile.ctRatio).toBe(7);
  });
});
