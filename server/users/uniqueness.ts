import { sql, type Kysely } from 'kysely';
import { USER_MESSAGES, type UserMessage } from '@shared/schemas';
import type { FieldIssue } from '@shared/errors';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { addressList } from '../pushes/pushContacts';

/** What must be unused by anyone else (spec §5: username, email, MQTT username, push phones). */
export interface UniqueFields {
  username?: string | undefined;
  email?: string | undefined;
  mqttUsername?: string | null | undefined;
  pushPhones?: readonly string[] | undefined;
}

const issue = (field: string, message: UserMessage): FieldIssue => ({ field, rule: 'unique', message });

/** The issues for values another user (or, for MQTT, a gateway) already holds; `selfId` is the record being edited. */
export async function uniquenessIssues(db: Kysely<Database>, fields: UniqueFields, selfId: number | null): Promise<FieldIssue[]> {
  const others = (query: { id: number }[]) => query.some((row) => row.id !== selfId);
  const issues: FieldIssue[] = [];
  if (fields.username && others(await db.selectFrom('users').select('id').where('username', '=', fields.username).execute())) {
    issues.push(issue('username', USER_MESSAGES.usernameTaken));
  }
  if (
    fields.email &&
    others(
      await db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`lower(email) = ${fields.email.toLowerCase()}`)
        .execute(),
    )
  ) {
    issues.push(issue('email', USER_MESSAGES.emailTaken));
  }
  if (fields.mqttUsername) {
    const user = others(await db.selectFrom('users').select('id').where('mqtt_username', '=', fields.mqttUsername).execute());
    const gateway = await db.selectFrom('gateways').select('id').where('mqtt_username', '=', fields.mqttUsername).executeTakeFirst();
    if (user || gateway) issues.push(issue('mqttUsername', USER_MESSAGES.mqttUsernameTaken));
  }
  for (const [index, phone] of (fields.pushPhones ?? []).entries()) {
    // push_phones is a JSON text array: narrow with LIKE on the quoted number, then confirm on the parsed list.
    const candidates = await db.selectFrom('users').select(['id', 'push_phones']).where('push_phones', 'like', `%"${phone}"%`).execute();
    if (candidates.some((row) => row.id !== selfId && addressList(row.push_phones).includes(phone)))
      issues.push(issue(`pushPhones.${index}`, USER_MESSAGES.phoneTaken));
  }
  return issues;
}

/** VALIDATION_FAILED with the first key as the envelope message, so the console can show t(message) as it is. */
export async function assertUnique(db: Kysely<Database>, fields: UniqueFields, selfId: number | null): Promise<void> {
  const issues = await uniquenessIssues(db, fields, selfId);
  const first = issues[0];
  if (first) throw new AppError('VALIDATION_FAILED', { message: first.message, data: { issues } });
}
