import type { Kysely } from 'kysely';
import type { MimicIcon } from '@shared/schemas/sprites';
import type { Database } from '../db/schema';
import { FileService } from '../files/fileService';
import type { OwnerScope } from '../tenancy/ownerScope';
import { plantPicturePng } from './demoPlantPicture';
import { SpriteService } from './spriteService';

export const DEMO_SPRITE_NAME = 'Main site plan';

/** [meter code, label, x %, y %] on the plan of demoPlantPicture.ts: each meter on its room. */
const PLACED: readonly [string, string, number, number][] = [
  ['M010', 'Hall A board', 12, 18],
  ['M011', 'Line 1 press', 24, 18],
  ['M014', 'Line 2 press', 12, 34],
  ['M015', 'Line 2 oven', 24, 34],
  ['M020', 'Hall B board', 12, 64],
  ['M021', 'Line 3 welding', 24, 64],
  ['M022', 'Paint shop', 12, 80],
  ['M024', 'Cold store', 24, 80],
  ['M030', 'Chiller 1', 60, 18],
  ['M031', 'Chiller 2', 72, 18],
  ['M033', 'Compressor 1', 60, 34],
  ['M034', 'Compressor 2', 72, 34],
  ['M040', 'Office incomer', 60, 64],
  ['M045', 'UPS A', 72, 64],
  ['M046', 'UPS B', 84, 64],
  ['M047', 'CRAC unit', 72, 80],
];

/**
 * The demo plant picture, stored as an upload of the admin's tree, with the demo meters placed on it,
 * through the sprite service's own checks (picture stored in the tree, meters of the tree). A meter
 * missing from the database is left off. Answers the sprite's id.
 */
export async function createDemoSprite(db: Kysely<Database>, owner: OwnerScope): Promise<number> {
  const files = new FileService(db);
  const picture = await files.upload({
    body: plantPicturePng(),
    contentType: 'image/png',
    nameHeader: 'main-site-plan.png',
    uploadedBy: 'system',
    ownerUserId: owner.home,
  });
  const meters = new Map((await db.selectFrom('meters').select(['id', 'code']).execute()).map((row) => [row.code, row.id]));
  const icons: MimicIcon[] = PLACED.flatMap(([code, label, x, y]) => {
    const meterId = meters.get(code);
    return meterId === undefined ? [] : [{ meterId, label, x, y, metric: 'kw', digits: 1 }];
  });
  const sprite = await new SpriteService(db, files).create({ name: DEMO_SPRITE_NAME, picture: picture.url, icons }, 'system', owner);
  return sprite.id;
}
