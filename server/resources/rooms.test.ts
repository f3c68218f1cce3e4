import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@shared/errors';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';
import type { Database } from '../db/schema';

const MENUS = ['/pay/room', '/pay/room/add', '/pay/room/edit', '/pay/room/delete', '/pay/member', '/pay/member/add', '/pay/member/edit', '/pay/member/delete'];

let t: TestApp;
let db: Kysely<Database>;
let alpha: TreeUser;
let beta: TreeUser;
/** Ids the tests below create and share, filled in order. */
const ids = {} as { betaMeter: number; e1: number; e2: number; member: number; roomA: number; roomB: number; w1: number };

async function accepted(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = alpha.token): Promise<any> {
  const answer = await callAs(t.app, token, method, url, payload);
  expect(answer.body.code, answer.body.message).toBe(0);
  return answer.body.data;
}
const refused = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, token = alpha.token) =>
  (await callAs(t.app, token, method, url, payload)).body;
const spans = (roomId: number) =>
  db.selectFrom('room_meters').select(['meter_id', 'from_ts', 'to_ts']).where('room_id', '=', roomId).orderBy('from_ts').orderBy('id').execute();

async function meter(owner: number, code: string, energyType = 'electricity'): Promise<number> {
  const row = await db
    .insertInto('meters')
    .values({
      owner_user_id: owner,
      code,
      name: `Meter ${code}`,
      energy_type: energyType,
      unit: 'kWh',
      ct_ratio: 1,
      pt_ratio: 1,
      register_max: 99_999_999,
      department_id: null,
      gateway_id: null,
      created_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  db = t.app.storage.db;
  alpha = await treeUser(t.app, 'room_alpha', MENUS);
  beta = await treeUser(t.app, 'room_beta', MENUS);
  ids.e1 = await meter(alpha.id, 'RM-E1');
  ids.w1 = await meter(alpha.id, 'RM-W1', 'water');
  ids.e2 = await meter(alpha.id, 'RM-E2');
  ids.betaMeter = await meter(beta.id, 'RM-BETA');
}, 60_000);
afterAll(async () => t?.close());

describe('members (/api/members)', () => {
  it('creates a member with the phone the member page signs in with, and refuses a phone or e-mail no one can use', async () => {
    const member = await accepted('POST', '/api/members', { code: 'MB-1', name: ' Acme Ltd ', kind: 'company', phone: '13800138000', email: 'pay@acme.test' });
    expect(member).toMatchObject({ code: 'MB-1', name: 'Acme Ltd', kind: 'company', phone: '13800138000', email: 'pay@acme.test', remark: '' });
    ids.member = member.id;
    const phone = await refused('POST', '/api/members', { code: 'MB-2', name: 'Li Lei', kind: 'person', phone: '12345' });
    expect([phone.code, phone.message]).toEqual([
      ErrorCode.VALIDATION_FAILED,
      'body.phone: Enter a mobile number (11 digits starting with 1, or +country code and number)',
    ]);
    const email = await refused('POST', '/api/members', { code: 'MB-2', name: 'Li Lei', kind: 'person', email: 'li at home' });
    expect(email.message).toBe('body.email: Enter an e-mail address such as name@example.com');
    const kind = await refused('POST', '/api/members', { code: 'MB-2', name: 'Li Lei', kind: 'tenant' });
    expect(kind.message).toBe('body.kind: Please choose a value');
    expect((await accepted('POST', '/api/members', { code: 'MB-2', name: 'Li Lei', kind: 'person', phone: '+447700900123' })).phone).toBe('+447700900123');
  });

  it('keeps members in their tree: another tree neither lists nor names them', async () => {
    expect((await accepted('GET', '/api/members', undefined, beta.token)).total).toBe(0);
    const named = await refused('POST', '/api/rooms', { code: 'B-101', memberId: ids.member }, beta.token);
    expect(named.message).toBe(`memberId: ${ids.member} does not exist`);
  });
});

describe('rooms (/api/rooms) and the meters feeding them over time', () => {
  it('creates a room with its meters, each fed from now on', async () => {
    const before = Date.now();
    const room = await accepted('POST', '/api/rooms', {
      code: 'A-101',
      building: 'Block A',
      floor: '1',
      number: '101',
      area: 36.5,
      memberId: ids.member,
      meterIds: [ids.w1, ids.e1],
    });
    expect(room).toMatchObject({
      code: 'A-101',
      building: 'Block A',
      floor: '1',
      number: '101',
      area: 36.5,
      departmentId: null,
      memberId: ids.member,
      remark: '',
    });
    expect(room.meterIds).toEqual([ids.e1, ids.w1].sort((x, y) => x - y));
    ids.roomA = room.id;
    const rows = await spans(room.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(Number(row.from_ts)).toBeGreaterThanOrEqual(before);
      expect(row.to_ts).toBeNull();
    }
    expect((await refused('POST', '/api/rooms', { code: 'A-102', area: -1 })).message).toBe('body.area: Area must be 0 or more (m²)');
    expect((await refused('POST', '/api/rooms', { code: 'A-102', meterIds: [ids.betaMeter] })).message).toBe(`meterIds: ${ids.betaMeter} does not exist`);
    expect((await refused('POST', '/api/rooms', { code: 'A-101' })).message).toBe('code "A-101" is already used');
  });

  it('ends the row of a meter taken off and starts one for a meter added; an unchanged meter keeps its row', async () => {
    const [first] = (await spans(ids.roomA)).filter((row) => row.meter_id === ids.e1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const saved = await accepted('PUT', `/api/rooms/${ids.roomA}`, { code: 'A-101', building: 'Block A', memberId: ids.member, meterIds: [ids.e1, ids.e2] });
    expect(saved.meterIds).toEqual([ids.e1, ids.e2].sort((x, y) => x - y));
    const rows = await spans(ids.roomA);
    const water = rows.find((row) => row.meter_id === ids.w1);
    const e2 = rows.find((row) => row.meter_id === ids.e2);
    expect(water?.to_ts).not.toBeNull();
    expect(e2?.to_ts).toBeNull();
    expect(Number(e2?.from_ts)).toBe(Number(water?.to_ts));
    // The meter kept is the same span, not a new one.
    expect(rows.filter((row) => row.meter_id === ids.e1)).toEqual([first]);
  });

  it("moves a meter from room A to room B: A's row ends where B's starts, and A no longer lists it", async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const roomB = await accepted('POST', '/api/rooms', { code: 'A-102', meterIds: [ids.e2] });
    ids.roomB = roomB.id;
    const aRow = (await spans(ids.roomA)).find((row) => row.meter_id === ids.e2);
    const [bRow] = await spans(roomB.id);
    expect(aRow?.to_ts).not.toBeNull();
    expect(bRow).toMatchObject({ meter_id: ids.e2, to_ts: null });
    expect(Number(bRow?.from_ts)).toBe(Number(aRow?.to_ts));
    expect((await accepted('GET', `/api/rooms/${ids.roomA}`)).meterIds).toEqual([ids.e1]);
    expect((await accepted('GET', `/api/rooms/${roomB.id}`)).meterIds).toEqual([ids.e2]);
    // At every instant the meter feeds exactly one room.
    expect(await db.selectFrom('room_meters').select('room_id').where('meter_id', '=', ids.e2).where('to_ts', 'is', null).execute()).toEqual([
      { room_id: roomB.id },
    ]);
  });

  it('does not delete a room that has a prepaid account, nor a member paying for an open one', async () => {
    const opened = await callAs(t.app, alpha.token, 'POST', '/api/prepaid/accounts', { roomId: ids.roomA, alarm1Minor: 5000, alarm2Minor: 1000 });
    expect(opened.body.code, opened.body.message).toBe(0);
    const room = await refused('DELETE', `/api/rooms/${ids.roomA}`, undefined);
    expect([room.code, room.message]).toEqual([
      ErrorCode.VALIDATION_FAILED,
      'Room "A-101" has a prepaid account, whose ledger is kept: close the account instead of deleting the room',
    ]);
    const member = await refused('DELETE', `/api/members/${ids.member}`, undefined);
    expect(member.message).toBe('Member "Acme Ltd" pays for the open account of room "A-101": give the account another member or close it first');
    // A room without an account goes, and its meter spans with it.
    await accepted('DELETE', `/api/rooms/${ids.roomB}`);
    expect(await spans(ids.roomB)).toEqual([]);
  });

  it('exports rooms with their meters by code', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/rooms/export?format=csv&lang=en', headers: { authorization: `Bearer ${alpha.token}` } });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Code,Building,Floor,Room number,Area (m²),Department,Member,Meters,Remark');
    expect(lines[1]).toBe('A-101,Block A,,,0,,MB-1 Acme Ltd,RM-E1 Meter RM-E1,');
  });
});
