import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  const adminToken = await loginAs(t.app);
  const created = (await t.app.inject({ method: 'POST', url: '/api/interface-keys', headers: bearer(adminToken), payload: { name: 'Rejections' } })).json();
  await t.app.inject({ method: 'POST', url: '/api/interface-keys/activate', headers: bearer(adminToken), payload: { key: created.data.key } });
  key = created.data.key as string;
});
afterAll(() => t.close());

const send = async (payload: unknown) =>
  (await t.app.inject({ method: 'POST', url: '/api/ingest/readings', headers: { 'x-interface-key': key }, payload: payload as object })).json();
const storedReadings = async (meterCode: string) => {
  const meter = await t.app.storage.db.selectFrom('meters').select('id').where('code', '=', meterCode).executeTakeFirstOrThrow();
  return (await t.app.storage.db.selectFrom('readings').select('ts').where('meter_id', '=', meter.id).execute()).map((row) => Number(row.ts));
};
const meterCodeReason = 'meter must be a meter code (1-64 letters, digits, _ . : -)';

describe('ingest rejections', () => {
  it('keeps the good reading and rejects one whose meter code holds U+0000, recording it with U+FFFD in its place', async () => {
    const ts = Date.now() - 3_600_000;
    const answer = await send({
      ts,
      readings: [
        { meter: 'M041', values: { kwh: 100 } },
        { meter: 'M0\u000041', values: { kwh: 101 } },
      ],
    });
    expect(answer).toEqual({
      code: 0,
      message: '1 reading rejected',
      data: { accepted: 1, duplicates: 0, rejected: [{ index: 1, meter: 'M0\u000041', reason: meterCodeReason }] },
    });
    expect(await storedReadings('M041')).toContain(ts);
    const recorded = await t.app.storage.db
      .selectFrom('ingest_rejections')
      .select(['meter_code', 'reason', 'source'])
      .where('reason', '=', meterCodeReason)
      .execute();
    expect(recorded).toEqual([{ meter_code: 'M0\uFFFD41', reason: meterCodeReason, source: 'http' }]);
  });

  it('rejects an ISO time that is not on the calendar instead of moving it to another day', async () => {
    const answer = await send({
      readings: [
        { meter: 'M041', ts: '2026-02-30T00:00:00Z', values: { kwh: 5 } },
        { meter: 'M041', ts: '2026-02-28T00:00:00Z', values: { kwh: 4 } },
      ],
    });
    expect(answer.data).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [{ index: 0, meter: 'M041', reason: 'ts "2026-02-30T00:00:00Z": 2026-02-30 is not a calendar date' }],
    });
    expect(await storedReadings('M041')).not.toContain(Date.UTC(2026, 2, 2));
  });

  it('refuses a payload time that is not on the calendar as a whole, with the reason', async () => {
    const answer = await send({ ts: '2026-04-31T10:00:00+08:00', readings: [{ meter: 'M041', values: { kwh: 6 } }] });
    expect(answer).toMatchObject({ code: 40000, message: 'ts "2026-04-31T10:00:00+08:00": 2026-04-31 is not a calendar date' });
  });

  it('answers from the committed batch even when recording the rejections fails', async () => {
    await sql`drop table ingest_rejections`.execute(t.app.storage.db);
    const ts = Date.now() - 1_800_000;
    const answer = await send({
      ts,
      readings: [
        { meter: 'M041', values: { kwh: 200 } },
        { meter: 'GHOST', values: { kwh: 1 } },
      ],
    });
    expect(answer).toEqual({
      code: 0,
      message: '1 reading rejected',
      data: { accepted: 1, duplicates: 0, rejected: [{ index: 1, meter: 'GHOST', reason: 'unknown meter "GHOST"' }] },
    });
    expect(await storedReadings('M041')).toContain(ts);
  });
});
