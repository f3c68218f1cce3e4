import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Ingest, IngestOutcome, IngestRefusal, IngestSource } from '../ingest/types';
import { hashPassword } from '../auth/passwords';
import type { MqttLog } from './types';

/** Test helpers for the MQTT suites (not a test file itself). */

export interface FakeIngest extends Ingest {
  calls: { payload: unknown; source: IngestSource }[];
  /** 'submit' when a call arrives, 'committed' when its promise resolves. */
  events: string[];
}

/** Records every call and resolves after `delayMs`, like a real ingest waiting for its commit. */
export function fakeIngest(delayMs = 150, answer: IngestOutcome | IngestRefusal = { accepted: 1, duplicates: 0, rejected: [] }): FakeIngest {
  const calls: FakeIngest['calls'] = [];
  const events: string[] = [];
  return {
    calls,
    events,
    async submit(payload, source) {
      calls.push({ payload, source });
      events.push('submit');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      events.push('committed');
      return answer;
    },
  };
}

export interface RecordingLog extends MqttLog {
  lines: { level: string; msg: string }[];
}

export function recordingLog(): RecordingLog {
  const lines: RecordingLog['lines'] = [];
  const at = (level: string) => (objOrMsg: object | string, msg?: string) => {
    lines.push({ level, msg: typeof objOrMsg === 'string' ? objOrMsg : (msg ?? '') });
  };
  return { lines, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}

export async function addUser(db: Kysely<Database>, username: string, fatherId: number | null, mqtt?: { username: string; password: string }): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('users')
    .values({
      username,
      true_name: username,
      email: `${username}@test.local`,
      password_hash: 'unused',
      father_id: fatherId,
      type: 1,
      status: 1,
      cloud_type: 0,
      avatar: '',
      introduction: '',
      created_at: now,
      updated_at: now,
      mqtt_username: mqtt?.username ?? null,
      mqtt_password_hash: mqtt ? await hashPassword(mqtt.password) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setUserMqtt(db: Kysely<Database>, username: string, mqtt: { username: string; password: string }): Promise<void> {
  await db
    .updateTable('users')
    .set({ mqtt_username: mqtt.username, mqtt_password_hash: await hashPassword(mqtt.password) })
    .where('username', '=', username)
    .execute();
}

export async function addGateway(db: Kysely<Database>, sn: string, ownerUserId: number, mqtt?: { username: string; password: string }): Promise<void> {
  await db
    .insertInto('gateways')
    .values({
      sn,
      name: sn,
      owner_user_id: ownerUserId,
      online: 0,
      last_seen_at: null,
      mqtt_username: mqtt?.username ?? null,
      mqtt_password_hash: mqtt ? await hashPassword(mqtt.password) : null,
    })
    .execute();
}

export const waitFor = async (check: () => boolean, timeoutMs = 5_000): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
