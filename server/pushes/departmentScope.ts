import type { Kysely } from 'kysely';
import type { AlarmRecord } from '@shared/schemas';
import type { Database } from '../db/schema';

/**
 * Which departments an alarm's subject sits in: a meter its own department, a department itself, a
 * gateway and a sub-item the departments of their meters. A push task limited to a department matches
 * when one of these is that department or below it.
 */
export async function subjectDepartments(db: Kysely<Database>, subject: AlarmRecord['subject']): Promise<number[]> {
  if (subject.type === 'department') return [subject.id];
  if (subject.type === 'room') {
    const room = await db.selectFrom('rooms').select('department_id').where('id', '=', subject.id).executeTakeFirst();
    return room?.department_id ? [room.department_id] : [];
  }
  const column = subject.type === 'meter' ? 'id' : subject.type === 'gateway' ? 'gateway_id' : 'subitem_id';
  const meters = await db.selectFrom('meters').select('department_id').where(column, '=', subject.id).execute();
  return [...new Set(meters.map((m) => m.department_id).filter((id): id is number => id !== null))];
}

/** A department and every department below it (the tree is at most three levels, but cycles cannot loop). */
export async function departmentWithDescendants(db: Kysely<Database>, rootId: number): Promise<Set<number>> {
  const departments = await db.selectFrom('departments').select(['id', 'parent_id']).execute();
  const exists = departments.some((d) => d.id === rootId);
  const ids = new Set<number>(exists ? [rootId] : []);
  let frontier = [...ids];
  while (frontier.length > 0) {
    frontier = departments.filter((d) => d.parent_id !== null && frontier.includes(d.parent_id) && !ids.has(d.id)).map((d) => d.id);
    for (const id of frontier) ids.add(id);
  }
  return ids;
}
