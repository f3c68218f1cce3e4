import type { Kysely } from 'kysely';
import { meterResource, tagResource, type ResourceDefinition } from '@shared/resources';
import type { Database } from '../db/schema';
import { RESOURCE_HOOKS } from '../resources/hooks';
import { ResourceRepository } from '../resources/resourceRepository';
import { tableOf } from '../resources/resourceTable';
import { ownerScopeOfUser } from '../tenancy/ownerScope';
import { claimSeed } from './seedOnce';

/** The key of the demo tags in seeded_samples: made once, and tags an administrator deleted stay deleted. */
export const DEMO_TAGS_KEY = 'demo-tags';

/** Tags an energy manager would keep, with the demo meters (by code) each one marks. */
export const DEMO_TAGS: readonly { name: string; color: string; meters: readonly string[] }[] = [
  // The loads that must never be shed: the incomers and what keeps the data hall and the process alive.
  { name: 'Critical load', color: '#F5222D', meters: ['M001', 'M040', 'M045', 'M046', 'M047'] },
  { name: 'Night shift', color: '#722ED1', meters: ['M014', 'M015', 'M024'] },
  { name: 'Sub-metered for tenants', color: '#13C2C2', meters: ['M041', 'M042', 'M043', 'M044'] },
  // ISO 50001 §6.3: the uses that account for most of the consumption and are watched first.
  { name: 'ISO 50001 significant energy use', color: '#FA8C16', meters: ['M030', 'M031', 'M033', 'M034', 'M015'] },
  { name: 'Lighting retrofit 2026', color: '#52C41A', meters: ['M013', 'M016', 'M023'] },
];

const repository = (db: Kysely<Database>, definition: ResourceDefinition) =>
  new ResourceRepository(db, definition, tableOf(definition, RESOURCE_HOOKS[definition.name]));

/**
 * The demo tags of Devices › Tags, made through the tags resource's repository in the admin's tree and
 * attached to demo meters through the meters' (their links live in meter_tags). A tag name another tree
 * already uses is skipped (names are unique site-wide), as is a meter that is gone.
 */
export async function seedDemoTags(db: Kysely<Database>, adminId: number): Promise<void> {
  if (!(await claimSeed(db, DEMO_TAGS_KEY))) return;
  const scope = await ownerScopeOfUser(db, adminId);
  const tags = repository(db, tagResource);
  const meters = repository(db, meterResource);
  const tagsOf = new Map<number, number[]>();
  const taken = new Set((await db.selectFrom('tags').select('name').execute()).map((tag) => tag.name));
  for (const demo of DEMO_TAGS) {
    if (taken.has(demo.name)) continue;
    const tag = await tags.create({ name: demo.name, color: demo.color }, scope);
    const marked = await db
      .selectFrom('meters')
      .select('id')
      .where('code', 'in', [...demo.meters])
      .where('owner_user_id', '=', scope.home)
      .execute();
    for (const { id } of marked) tagsOf.set(id, [...(tagsOf.get(id) ?? []), Number(tag.id)]);
  }
  for (const [meterId, tagIds] of tagsOf) {
    const meter = await meters.get(meterId, scope);
    const kept = (meter.tagIds as number[] | undefined) ?? [];
    // The code is written back unchanged: an update needs one column, the links are the hook's.
    await meters.update(meterId, { code: meter.code, tagIds: [...kept, ...tagIds] }, scope);
  }
}
