import { sql, type Kysely } from 'kysely';
import { MQTT_ROLES, type MqttRole, type UserList, type UserRow as UserRowDto } from '@shared/schemas';
import type { Database } from '../db/schema';
import { addressList } from '../pushes/pushContacts';
import type { UserRow } from './userRepository';
import { visibilityOf } from './visibility';

const mqttRole = (value: string): MqttRole => ((MQTT_ROLES as readonly string[]).includes(value) ? (value as MqttRole) : 'none');

/** Stored users as the API's UserRow: roles, direct children and visibility added; never a hash. */
export async function toUserRows(db: Kysely<Database>, users: UserRow[]): Promise<UserRowDto[]> {
  const ids = users.map((u) => u.id);
  if (ids.length === 0) return [];
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.name'])
    .where('user_roles.user_id', 'in', ids)
    .orderBy('roles.id')
    .execute();
  const children = await db.selectFrom('users').select(['id', 'father_id']).where('father_id', 'in', ids).orderBy('id').execute();
  const visibility = await visibilityOf(db, ids);
  return users.map((user) => ({
    _id: user.id,
    username: user.username,
    trueName: user.true_name,
    email: user.email,
    father: user.father_id,
    type: user.type,
    status: user.status === 1,
    cloudType: user.cloud_type === 1,
    roles: roles.filter((r) => r.user_id === user.id).map((r) => ({ _id: r.id, name: r.name })),
    children: children.filter((c) => c.father_id === user.id).map((c) => c.id),
    pushEmails: addressList(user.push_emails),
    pushPhones: addressList(user.push_phones),
    mqttRole: mqttRole(user.mqtt_role),
    mqttUsername: user.mqtt_username,
    smsCount: user.sms_count,
    displayAreaIds: visibility.get(user.id)?.displayAreaIds ?? [],
    boardIds: visibility.get(user.id)?.boardIds ?? [],
    createdAt: Number(user.created_at),
  }));
}

export async function toUserRow(db: Kysely<Database>, user: UserRow): Promise<UserRowDto> {
  const [row] = await toUserRows(db, [user]);
  if (!row) throw new Error(`user ${user.id} could not be described`);
  return row;
}

/** One page of users, newest first; `treeIds` null means everyone (admin). The e-mail filter is a case-insensitive "contains". */
export async function listUsers(
  db: Kysely<Database>,
  treeIds: ReadonlySet<number> | null,
  query: { email?: string | undefined; page: number; size: number },
): Promise<UserList> {
  let base = db.selectFrom('users');
  if (treeIds) base = base.where('id', 'in', [...treeIds]);
  if (query.email) {
    const pattern = `%${query.email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // An explicit ESCAPE: SQLite has no default escape character, PostgreSQL's is the backslash.
    base = base.where(sql<boolean>`lower(email) like ${pattern} escape '\\'`);
  }
  const counted = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  const users = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  return { total: Number(counted?.total ?? 0), rows: await toUserRows(db, users) };
}
