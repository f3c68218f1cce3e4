import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { editableEndpointFields } from '@shared/schemas/forwarding';
import { toEndpoint } from '../forwarding/endpointRepository';
import { claimSeed } from '../seed/seedOnce';
import { ownerScopeOfUser } from '../tenancy/ownerScope';
import { DemoRegulator } from './demoRegulator';

/** Its key in seeded_samples: made once; an endpoint an administrator deleted stays deleted. */
export const DEMO_FORWARDING_KEY = 'demo-forwarding'; // DEMO_SEED_KEYS.forwarding
/** How the demo finds its endpoint again on the next start (the URL changes with the receiver's port). */
export const DEMO_ENDPOINT_NAME = 'Regulator platform (demo)';
/**
 * The two incomers a regulator asks for, plus the compressor (overloaded every hour) and the Floor 1 sockets (offline
 * every 8 hours), so the scenario's alarms reach the platform too; four meters keep the records readable.
 */
export const DEMO_FORWARDED_METERS = ['M001', 'M040', 'M033', 'M042'];

export interface DemoForwarding {
  endpointId: number;
  url: string;
  /** True when this start made the endpoint. */
  created: boolean;
  regulator: DemoRegulator;
  close(): Promise<void>;
}

/**
 * The demo's forwarding: a regulator's platform on loopback (DemoRegulator) and the admin's endpoint that sends it
 * the readings, closed quarter hours and alarms of a few meters. The endpoint is made once (`create`, under its seed
 * key) and, on every start, pointed at the receiver's new port through the repository and the service refresh the
 * API's edit uses, so the running forwarder sends there at once. Null when there is no admin, no demo meters, or no
 * endpoint to point (not made yet without `create`, or deleted by an administrator).
 */
export async function startDemoForwarding(app: FastifyInstance, options: { create: boolean }, now = Date.now()): Promise<DemoForwarding | null> {
  const db = app.storage.db;
  const { endpoints } = app.forwarding;
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) return null;
  const owner = (await ownerScopeOfUser(db, admin.id)).home;
  let stored = (await endpoints.list([owner])).find((row) => row.name === DEMO_ENDPOINT_NAME);
  let secret: string | null = null;
  let meterIds: number[] = [];
  if (!stored) {
    if (!options.create) return null;
    const meters = await db
      .selectFrom('meters')
      .select(['id', 'code'])
      .where('code', 'in', DEMO_FORWARDED_METERS)
      .where('owner_user_id', '=', admin.id)
      .execute();
    if (meters.length === 0) return null;
    if (!(await claimSeed(db, DEMO_FORWARDING_KEY, now))) return null;
    meterIds = DEMO_FORWARDED_METERS.flatMap((code) => meters.find((meter) => meter.code === code)?.id ?? []);
    secret = `demo-${randomBytes(24).toString('base64url')}`;
  }
  const created = !stored;
  let endpointId = stored?.id;
  // Read back from the row per batch: a secret changed on the settings screen applies without a restart (never logged).
  const regulator = new DemoRegulator(async () => (endpointId === undefined ? secret : ((await endpoints.find(endpointId))?.secret ?? null)));
  const url = await regulator.listen();
  try {
    if (stored) {
      stored = await endpoints.update(stored, { ...editableEndpointFields(toEndpoint(stored, 0)), url }, now);
    } else {
      stored = await endpoints.create(
        {
          name: DEMO_ENDPOINT_NAME,
          url,
          method: 'POST',
          headers: [],
          secret: secret!,
          clearSecret: false,
          sendReadings: true,
          sendEnergy: true,
          sendAlarms: true,
          meterIds,
          departmentIds: [],
          batchSize: 100,
          intervalSeconds: 60,
          maxAttempts: 5,
          backoffSeconds: 10,
        },
        owner,
        now,
      );
    }
    endpointId = stored.id;
    await app.forwarding.refresh();
  } catch (error) {
    await regulator.close();
    throw error;
  }
  return { endpointId: stored.id, url, created, regulator, close: () => regulator.close() };
}
