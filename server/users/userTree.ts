import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A parent sees itself and everything below it: the user and all descendants through father_id. */
export async function userTreeIds(db: Kysely<Database>, rootId: number): Promise<Set<number>> {
  const ids = new Set<number>([rootId]);
  let frontier = [rootId];
  while (frontier.length > 0) {
    const children = await db.selectFrom('users').select('id').where('father_id', 'in', frontier).execute();
    frontier = children.map((c) => c.id).filter((id) => !ids.has(id)); // a father_id cycle cannot loop forever
    for (const id of frontier) ids.add(id);
  }
  return ids;
}
