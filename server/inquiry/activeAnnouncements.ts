import type { Kysely } from 'kysely';
import type { ActiveAnnouncement, AnnouncementAudience } from '@shared/schemas/inquiry';
import type { Database } from '../db/schema';
import { localPeriods } from '../metering/calendar';

const AUDIENCE_COLUMN = { login: 'on_login', home: 'on_home', walls: 'on_walls' } as const;

/** Today as a calendar day in the site's zone: an announcement's days are the control room's days. */
export const localToday = (now: number, timeZone: string): string => localPeriods(now, timeZone).day;

/**
 * The announcements of `owners` for one audience whose start and end days (both included) hold
 * `today`, in their order. Days are stored as YYYY-MM-DD, so text comparison is calendar order.
 */
export async function activeAnnouncements(
  db: Kysely<Database>,
  owners: readonly number[],
  audience: AnnouncementAudience,
  today: string,
): Promise<ActiveAnnouncement[]> {
  if (owners.length === 0) return [];
  const rows = await db
    .selectFrom('announcements')
    .select(['id', 'title', 'body', 'picture'])
    .where('owner_user_id', 'in', [...owners])
    .where(AUDIENCE_COLUMN[audience], '=', 1)
    .where('starts_on', '<=', today)
    .where('ends_on', '>=', today)
    .orderBy('sort')
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, body: row.body, picture: row.picture }));
}
