import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import { inScope } from '../tenancy/ownerScope';
import { ChannelRefusal } from './channelProvider';

/**
 * The screens that show a meter's live values (as GET /meter-data/latest); admins pass. The board editor's
 * live preview and the sprite screens draw live icons and tiles too. A display reads with its
 * owner's rights and tree.
 */
const LATEST_VALUE_SCREENS = ['/base/meterData', '/base/device', '/settings/boardConfig', '/board/spriteView', '/devices/sprite'];

async function maySeeLiveValues(auth: AuthContext): Promise<boolean> {
  if (auth.isAdmin) return true;
  const paths = await auth.permittedPaths();
  return LATEST_VALUE_SCREENS.some((path) => paths.has(path));
}

/**
 * Refuses a meter channel the caller may not watch: without a live-values screen, or a meter of another
 * tree (answered as one that does not exist). Shared by `meter:<id>:latest` and `meter:<id>:recent:…`.
 */
export async function assertMayWatchMeter(db: Kysely<Database>, auth: AuthContext, meterId: number, channel: string): Promise<void> {
  if (!(await maySeeLiveValues(auth))) throw new ChannelRefusal(`You may not see ${channel}`);
  const meter = await db.selectFrom('meters').select('owner_user_id').where('id', '=', meterId).executeTakeFirst();
  if (!meter || !inScope(await auth.ownerScope(), meter.owner_user_id)) throw new ChannelRefusal(`Meter ${meterId} does not exist`);
}
