import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createDemoAlarmRules } from '../alarms/demoRules';
import { createDemoDisplay, createDemoPlaylist, type DemoDisplay } from '../boards/demoWall';
import { createDemoPushTask, createDemoTemplates } from '../pushes/demoPushes';
import { createDemoSprite } from '../sprites/demoSprite';
import { ownerScopeOfUser } from '../tenancy/ownerScope';
import { createDemoMeterChecks } from './demoMeterChecks';
import { createDemoShips } from '../ships/demoShips';
import { createDemoProductionDevices } from '../productionDevices/demoProductionDevices';
import { createDemoUser, type DemoUserSeedResult } from './demoUser';
import { createDemoApportionRule, createDemoCalendar, createDemoShifts, createDemoTariffs, type DemoContext } from './demoTariffs';
import { claimSeed } from './seedOnce';
import { createDemoProduction } from '../production/demoProduction';

export interface DemoSeedResult {
  /** Set when this start created the demo sub-user. */
  demoUser?: DemoUserSeedResult;
  /** Set when this start created the demo wall display: its address with the token, shown once. */
  wall?: DemoDisplay;
}

/** The demo's keys in seeded_samples: each object is made once, and one an administrator deleted stays deleted. */
export const DEMO_SEED_KEYS = {
  alarmRules: 'demo-alarm-rules',
  pushTemplates: 'demo-push-templates',
  pushTask: 'demo-push-task',
  sprite: 'demo-sprite',
  wall: 'demo-wall',
  user: 'demo-user',
  calendar: 'demo-calendar',
  tariffs: 'demo-tariffs',
  shifts: 'demo-shifts',
  apportionRule: 'demo-apportion-rule',
  meterChecks: 'demo-meter-checks',
  production: 'demo-production',
  ships: 'demo-ships',
  productionDevices: 'demo-production-devices',
  /** Claimed after the simulator's backfill (closeDemoMonth), not by seedDemoObjects. */
  closedMonth: 'demo-closed-month',
  /** Claimed after the simulator's backfill too (createDemoPowerImports: the utility's figures follow the metered ones). */
  powerImports: 'demo-power-imports',
  /** Claimed after the simulator's backfill too (startDemoForwarding: the endpoint would be handed the backfill). */
  forwarding: 'demo-forwarding',
} as const;

/** The walls the demo playlist rotates, and those the demo sub-user may see (not the 3D plant: it tries the "not shared" answer). */
const PLAYLIST_SAMPLES = ['control-room', 'alarm-wall', 'plant-3d'];
const DEMO_USER_SAMPLES = ['control-room', 'alarm-wall', 'plant-energy'];

async function sampleIds(db: Kysely<Database>, keys: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('boards')
    .select(['id', 'sample_key'])
    .where('sample_key', 'in', [...keys])
    .execute();
  const byKey = new Map(rows.map((row) => [row.sample_key, row.id]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

/**
 * What the demo organisation and sample boards are for, made through each domain's own service or
 * repository so their invariants hold: the threshold rule the simulator's compressor trips, push
 * templates and a (disabled) e-mail task, the plant sprite, a playlist with its wall display, and a
 * sub-user with a role and visible boards. All owned by the admin's tree.
 */
export async function seedDemoObjects(
  db: Kysely<Database>,
  adminId: number,
  demoUserPassword: string | undefined,
  money: Omit<DemoContext, 'adminId'> = { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, dbKind: 'sqlite' },
): Promise<DemoSeedResult> {
  const owner = await ownerScopeOfUser(db, adminId);
  const result: DemoSeedResult = {};
  if (await claimSeed(db, DEMO_SEED_KEYS.alarmRules)) await createDemoAlarmRules(db, adminId);
  if (await claimSeed(db, DEMO_SEED_KEYS.pushTemplates)) await createDemoTemplates(db, adminId);
  if (await claimSeed(db, DEMO_SEED_KEYS.pushTask)) await createDemoPushTask(db, owner, adminId);
  if (await claimSeed(db, DEMO_SEED_KEYS.sprite)) await createDemoSprite(db, owner);
  if (await claimSeed(db, DEMO_SEED_KEYS.wall)) {
    const playlistId = await createDemoPlaylist(db, owner, await sampleIds(db, PLAYLIST_SAMPLES));
    if (playlistId !== undefined) result.wall = await createDemoDisplay(db, adminId, playlistId);
  }
  // In this order: the calendar before the tariffs (day types pick layouts), the tariffs before any
  // energy is ingested (the simulator's backfill runs after the seed, so ingest prices it as it comes).
  const context: DemoContext = { ...money, adminId };
  if (await claimSeed(db, DEMO_SEED_KEYS.calendar)) await createDemoCalendar(db, adminId);
  if (await claimSeed(db, DEMO_SEED_KEYS.tariffs)) await createDemoTariffs(db, context);
  if (await claimSeed(db, DEMO_SEED_KEYS.shifts)) await createDemoShifts(db, context);
  if (await claimSeed(db, DEMO_SEED_KEYS.apportionRule)) await createDemoApportionRule(db, adminId);
  // After the shifts: the lines' output is recorded per shift of the plant's templates.
  if (await claimSeed(db, DEMO_SEED_KEYS.production)) await createDemoProduction(db, context);
  // Before the app starts the daily overdue pass, which then reminds of the overdue calibration at once.
  if (await claimSeed(db, DEMO_SEED_KEYS.meterChecks)) await createDemoMeterChecks(db, adminId, money.timeZone, money.now);
  // After the production lines: a device joins the line its meter feeds.
  if (await claimSeed(db, DEMO_SEED_KEYS.productionDevices)) await createDemoProductionDevices(db, adminId);
  if (await claimSeed(db, DEMO_SEED_KEYS.ships)) await createDemoShips(db, adminId, money.now);
  if (await claimSeed(db, DEMO_SEED_KEYS.user)) {
    const user = await createDemoUser(db, adminId, await sampleIds(db, DEMO_USER_SAMPLES), demoUserPassword);
    if (user) result.demoUser = user;
  }
  return result;
}
