import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ensureAdmin, type AdminSeedResult } from './admin';
import { ensureDemoOrganisation } from './demoOrganisation';
import { ensureInquiryDemo } from '../inquiry/demoContent';
import { ensureMenus } from './menus';
import { ensureRoles } from './roles';
import { loadSampleRefs, seedSampleBoards } from './sampleBoards';

export interface SeedOptions {
  adminPassword: string | undefined;
  demo: boolean;
}

/** Idempotent: safe on every start, and on several processes starting at once against PostgreSQL (unique keys). */
export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<AdminSeedResult> {
  await ensureMenus(db);
  await ensureRoles(db);
  const admin = await ensureAdmin(db, options.adminPassword);
  if (options.demo) {
    const owner = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await ensureDemoOrganisation(db, owner.id);
    await seedSampleBoards(db, await loadSampleRefs(db));
    await ensureInquiryDemo(db, owner.id);
  }
  return admin;
}
