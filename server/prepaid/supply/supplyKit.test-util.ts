import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Insertable } from 'kysely';
import type { PrepaidAccountsTable } from '../../db/prepaidSchema';
import { addGateway, recordingLog } from '../../mqtt/mqttKit.test-util';
import { startMqttIngress, type MqttIngress } from '../../mqtt';
import { postEntries } from '../ledger';
import type { BalanceCause, PrepaidEvents } from '../prepaidEvents';
import type { SupplyControl } from './supplyControl';

/** Test helpers for supply control (not a test file itself). */

export interface SupplyRoom {
  roomId: number;
  accountId: number;
  meterCode: string;
}

let serial = 0;

/** A room fed by one meter (behind `gatewaySn`, or none), with an open prepaid account (balance 0 unless a top-up follows). */
export async function makeSupplyRoom(
  app: FastifyInstance,
  owner: number,
  gatewaySn: string | null,
  account: Partial<Insertable<PrepaidAccountsTable>> = {},
): Promise<SupplyRoom> {
  const { db } = app.storage;
  const now = Date.now();
  serial++;
  const gateway = gatewaySn ? await db.selectFrom('gateways').select('id').where('sn', '=', gatewaySn).executeTakeFirst() : undefined;
  const meterCode = `SUP-M${serial}`;
  const meter = await db
    .insertInto('meters')
    .values({
      owner_user_id: owner,
      code: meterCode,
      name: `Room meter ${serial}`,
      gateway_id: gateway?.id ?? null,
      department_id: null,
      energy_type: 'electricity',
      unit: 'kWh',
      ct_ratio: 1,
      pt_ratio: 1,
      register_max: 99_999_999,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const room = await db
    .insertInto('rooms')
    .values({
      owner_user_id: owner,
      code: `SUP-R${serial}`,
      building: 'B1',
      floor: '1',
      number: String(100 + serial),
      area: 40,
      department_id: null,
      member_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('room_meters')
    .values({ owner_user_id: owner, room_id: room.id, meter_id: meter.id, from_ts: now - 86_400_000, to_ts: null })
    .execute();
  const created = await db
    .insertInto('prepaid_accounts')
    .values({
      owner_user_id: owner,
      room_id: room.id,
      member_id: null,
      billing_mode: 'prepaid',
      alarm1_minor: 5_000,
      alarm2_minor: 1_000,
      no_cut_from: null,
      no_cut_to: null,
      charged_until: now,
      opened_at: now,
      updated_at: now,
      ...account,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { roomId: room.id, accountId: created.id, meterCode };
}

/** Posts one entry through the ledger and announces it, as deduction and payments do. */
export async function post(
  app: FastifyInstance,
  events: PrepaidEvents,
  accountId: number,
  amountMinor: number,
  cause: BalanceCause,
  at = Date.now(),
): Promise<void> {
  const kind = cause === 'topup' ? 'topup' : cause === 'charge' ? 'charge' : 'adjustment';
  const result = await app.storage.db
    .transaction()
    .execute((trx) => postEntries(trx, app.storage.kind, accountId, [{ kind, amountMinor, idemKey: `test:${randomUUID()}`, operator: 'system' }], at));
  events.announce(result, cause, at);
}

export interface TestGateway {
  client: MqttClient;
  /** commands received, in order, with when */
  received: { commandId: string; meter: string; action: string; issuedAt: number; at: number }[];
  /** 'ok': ack true at once; 'refuse': ack false; 'silent': never ack */
  mode: 'ok' | 'refuse' | 'silent';
  close(): Promise<void>;
}

/** A gateway client on the embedded broker that subscribes to its commands topic and acks as told. */
export async function connectGateway(port: number, sn: string, login: { username: string; password: string }): Promise<TestGateway> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { ...login, clientId: `gw-${sn}`, reconnectPeriod: 0 });
  const gateway: TestGateway = {
    client,
    received: [],
    mode: 'ok',
    close: () => client.endAsync(),
  };
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString()) as { commandId: string; meter: string; action: string; issuedAt: number };
    gateway.received.push({ ...command, at: Date.now() });
    if (gateway.mode === 'silent') return;
    const ack = gateway.mode === 'ok' ? { commandId: command.commandId, ok: true } : { commandId: command.commandId, ok: false, message: 'relay stuck' };
    void client.publishAsync(`gateways/${sn}/commands/ack`, JSON.stringify(ack), { qos: 1 });
  });
  await client.subscribeAsync(`gateways/${sn}/commands`, { qos: 1 });
  return gateway;
}

/** The embedded broker on a free port, its acks going to `control`, and `control` publishing through it. */
export async function startSupplyBroker(app: FastifyInstance, control: () => SupplyControl): Promise<MqttIngress> {
  const ingress = await startMqttIngress({
    storage: app.storage,
    ingest: app.ingest,
    port: 0,
    host: '127.0.0.1',
    log: recordingLog(),
    env: {},
    commands: { onAck: (sn, payload) => control().handleAck(sn, payload) },
  });
  return ingress;
}

export async function addTestGateway(app: FastifyInstance, sn: string, owner: number): Promise<{ username: string; password: string }> {
  const login = { username: `${sn}-user`, password: `${sn}-secret-123` };
  await addGateway(app.storage.db, sn, owner, login);
  return login;
}
