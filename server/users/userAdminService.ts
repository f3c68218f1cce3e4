import type { Kysely, Transaction } from 'kysely';
import { OWNED_TABLES } from '../tenancy/ownedTables';
import type { z } from 'zod';
import { passwordIssue, type userCreateSchema, type userUpdateSchema } from '@shared/schemas';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import { hashPassword } from '../auth/passwords';
import { AppError } from '../http/appError';
import type { UserRow } from './userRepository';
import { defaultRoleIds, selectedRoles } from './roleSelection';
import { BUILT_IN_ADMIN, managedIds, outsideTree, userNotFound } from './targetAccess';
import { assertUnique } from './uniqueness';
import { assertVisibilityGrant } from './visibilityGrant';
import { replaceVisibility } from './visibility';

type Create = z.output<typeof userCreateSchema>;
type Update = z.output<typeof userUpdateSchema>;

/** Empty means "no MQTT account". */
const mqttName = (value: string | null): string | null => (value ? value : null);

const passwordError = (message: string) =>
  new AppError('VALIDATION_FAILED', { message: `password: ${message}`, data: { issues: [{ field: 'password', rule: 'custom', message }] } });

/**
 * Users create, update, password and delete. Route-level access has already checked the
 * button permission; this checks the user tree, the role rules (spec §6) and uniqueness (spec §5).
 * `endSessions` signs a user out everywhere (disabled, new password, deleted).
 */
export class UserAdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly endSessions: (userId: number) => Promise<void>,
    private readonly clock: () => number = Date.now,
  ) {}

  async create(auth: AuthContext, body: Create): Promise<number> {
    assertTypeChange(auth, body.type, 1);
    const roles = (await selectedRoles(this.db, auth, body.roles)) ?? (await defaultRoleIds(this.db));
    const mqttUsername = mqttName(body.mqttUsername);
    await assertUnique(this.db, { username: body.username, email: body.email, mqttUsername, pushPhones: body.pushPhones }, null);
    await assertVisibilityGrant(this.db, auth, body, null);
    const passwordHash = await hashPassword(body.password);
    const mqttHash = mqttUsername && body.mqttPassword ? await hashPassword(body.mqttPassword) : null;
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      // Spec §3: a new sub-user is type 1, cloud, enabled, under its creator; an administrator may make it a top-level account.
      const { id } = await trx
        .insertInto('users')
        .values({
          username: body.username,
          true_name: body.trueName,
          email: body.email,
          password_hash: passwordHash,
          father_id: auth.user.id,
          type: body.type ?? 1,
          status: 1,
          cloud_type: 1,
          avatar: '',
          introduction: '',
          created_at: now,
          updated_at: now,
          mqtt_username: mqttUsername,
          mqtt_password_hash: mqttHash,
          mqtt_role: body.mqttRole,
          push_emails: JSON.stringify([...new Set(body.pushEmails)]),
          push_phones: JSON.stringify([...new Set(body.pushPhones)]),
          sms_count: body.smsCount,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (roles.length)
        await trx
          .insertInto('user_roles')
          .values(roles.map((role_id) => ({ user_id: id, role_id })))
          .execute();
      await replaceVisibility(trx, id, body.boardIds, body.displayAreaIds);
      return id;
    });
  }

  async update(auth: AuthContext, target: UserRow, body: Update): Promise<void> {
    const username = body.username ?? target.username;
    if (username !== target.username && !auth.isAdmin) throw new AppError('FORBIDDEN', { message: 'Only admins may change a username' });
    assertTypeChange(auth, body.type, target.type);
    // The schema compares the password with the username only when the body carries one.
    const issue = body.password ? passwordIssue(body.password, username) : null;
    if (issue) throw passwordError(issue);
    const roles = await selectedRoles(this.db, auth, body.roles);
    const mqttUsername = mqttName(body.mqttUsername);
    await assertUnique(this.db, { username, mqttUsername, pushPhones: body.pushPhones }, target.id);
    await assertVisibilityGrant(this.db, auth, body, target.id);
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    const mqttHash = mqttUsername && body.mqttPassword ? await hashPassword(body.mqttPassword) : null;
    const status = body.status === undefined ? target.status : body.status ? 1 : 0;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          username,
          true_name: body.trueName,
          status,
          ...(body.type !== undefined ? { type: body.type } : {}),
          mqtt_username: mqttUsername,
          mqtt_role: body.mqttRole,
          push_emails: JSON.stringify([...new Set(body.pushEmails)]),
          push_phones: JSON.stringify([...new Set(body.pushPhones)]),
          sms_count: body.smsCount,
          updated_at: this.clock(),
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          // No account, no password; a new password replaces the stored one, none keeps it.
          ...(mqttUsername === null ? { mqtt_password_hash: null } : mqttHash ? { mqtt_password_hash: mqttHash } : {}),
        })
        .where('id', '=', target.id)
        .execute();
      if (roles) {
        // Spec §4: roles added get the user, roles taken out of the selection lose it.
        await trx.deleteFrom('user_roles').where('user_id', '=', target.id).execute();
        await trx
          .insertInto('user_roles')
          .values(roles.map((role_id) => ({ user_id: target.id, role_id })))
          .execute();
      }
      await replaceVisibility(trx, target.id, body.boardIds, body.displayAreaIds);
    });
    if (passwordHash || (status !== 1 && target.status === 1)) await this.endSessions(target.id);
  }

  async setPassword(target: UserRow, password: string): Promise<void> {
    const issue = passwordIssue(password, target.username);
    if (issue) throw passwordError(issue);
    await this.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password), updated_at: this.clock() })
      .where('id', '=', target.id)
      .execute();
    await this.endSessions(target.id);
  }

  /**
   * Deletes users the caller manages, never itself nor the built-in admin, all or none. Each one's children
   * and everything it owns (server/tenancy/ownedTables.ts) move up to its father (to the caller for a top-level user), so no subtree is orphaned.
   */
  async remove(auth: AuthContext, ids: readonly number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const users = await this.db.selectFrom('users').select(['id', 'username']).where('id', 'in', unique).execute();
    const missing = unique.find((id) => !users.some((u) => u.id === id));
    if (missing !== undefined) throw userNotFound(missing);
    const tree = await managedIds(this.db, auth);
    if (tree && unique.some((id) => !tree.has(id))) throw outsideTree();
    if (unique.includes(auth.user.id)) throw new AppError('FORBIDDEN', { message: 'You cannot delete yourself' });
    if (users.some((u) => u.username === BUILT_IN_ADMIN)) throw new AppError('FORBIDDEN', { message: 'The built-in administrator cannot be deleted' });
    // Signed out first: once deleted, the sessions rows are gone with the user (cascade) and its sockets could not be found.
    for (const id of unique) await this.endSessions(id);
    await this.db.transaction().execute(async (trx) => {
      for (const id of unique) {
        // Read the father now: an earlier deletion in this batch may have moved this user up already.
        const { father_id } = await trx.selectFrom('users').select('father_id').where('id', '=', id).executeTakeFirstOrThrow();
        const heir = father_id ?? auth.user.id;
        await trx.updateTable('users').set({ father_id: heir }).where('father_id', '=', id).execute();
        // Everything the user owned stays in the tree, with the heir.
        for (const table of OWNED_TABLES) {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same column in every owned table, named from a list the Database type cannot index
          await (trx as Transaction<any>).updateTable(table).set({ owner_user_id: heir }).where('owner_user_id', '=', id).execute();
        }
        await trx.deleteFrom('users').where('id', '=', id).execute();
      }
    });
    return unique.length;
  }
}

/** Which tree a user works in follows its type, so only an administrator may set or change it. */
function assertTypeChange(auth: AuthContext, requested: number | undefined, current: number): void {
  if (requested === undefined || requested === current || auth.isAdmin) return;
  throw new AppError('FORBIDDEN', { message: 'Only an administrator may make a top-level account (a user tree of its own)' });
}
