import type { Kysely } from 'kysely';
import type { DbKind } from '../db/connect';
import type { Database } from '../db/schema';
import { ensureAdmin, type AdminSeedResult } from './admin';
import { ensureDemoOrganisation } from './demoOrganisation';
import { ensureInquiryDemo } from '../inquiry/demoContent';
import { ensureMenus } from './menus';
import { ensureRoles } from './roles';
import { loadSampleRefs, seedSampleBoards, submitEquipmentSample } from './sampleBoards';
import { seedDemoObjects, type DemoSeedResult } from './demoObjects';
import { seedDemoTags } from './demoTags';

export interface SeedOptions {
  adminPassword: string | undefined;
  demo: boolean;
  /** DEMO_USER_PASSWORD: the demo sub-user's password on first start (otherwise generated, printed once). */
  demoUserPassword?: string | undefined;
  /** TIME_ZONE and the engine: the demo's tariffs, calendar and rota are dated in the site's days. */
  timeZone?: string;
  dbKind?: DbKind;
}

/** What the first start prints: the admin's generated password, and what the demo made that is shown only once. */
export type SeedResult = AdminSeedResult & DemoSeedResult;

/** Idempotent: safe on every start, and on several processes starting at once against PostgreSQL (unique keys). */
export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  await ensureMenus(db);
  await ensureRoles(db);
  const admin = await ensureAdmin(db, options.adminPassword);
  if (!options.demo) return admin;
  const owner = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  await ensureDemoOrganisation(db, owner.id);
  await seedDemoTags(db, owner.id);
  const inserted = await seedSampleBoards(db, await loadSampleRefs(db));
  await submitEquipmentSample(db, inserted);
  await ensureInquiryDemo(db, owner.id);
  const money = { timeZone: options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, dbKind: options.dbKind ?? 'sqlite' };
  return { ...admin, ...(await seedDemoObjects(db, owner.id, options.demoUserPassword, money)) };
}
