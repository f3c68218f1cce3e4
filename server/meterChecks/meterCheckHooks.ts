import type { Kysely } from 'kysely';
import { STORED_FILE_PATH_PREFIX } from '@shared/schemas/files';
import { RULE_MESSAGES } from '@shared/resources/rules';
import type { Database } from '../db/schema';
import { validationError } from '../http/appError';
import type { ResourceHooks } from '../resources/resourceTable';
import { clearReminder, clearRemindersSupersededBy } from './checkReminders';

/**
 * The rules of a meter check beyond its definition: the certificate must be a picture stored here; a row whose
 * meter or next due day changes clears its reminder and drops the link (the new due day may be reminded of once);
 * and a check written for a meter clears the reminders of that meter's earlier checks, in the same transaction.
 */
export const meterCheckHooks: ResourceHooks = {
  async beforeWrite({ db: anyDb, input, id }) {
    const db = anyDb as unknown as Kysely<Database>;
    const certificate = typeof input.certificate === 'string' ? input.certificate : '';
    if (certificate) {
      const sha256 = certificate.slice(STORED_FILE_PATH_PREFIX.length).split('.')[0] ?? '';
      const stored = await db.selectFrom('files').select('id').where('sha256', '=', sha256).executeTakeFirst();
      if (!stored) throw validationError([{ field: 'certificate', rule: 'exists', message: RULE_MESSAGES.picture }]);
    }
    if (id === undefined) return {};
    const before = await db.selectFrom('meter_checks').select(['meter_id', 'next_due', 'overdue_alarm_id']).where('id', '=', id).executeTakeFirst();
    if (!before || (before.meter_id === input.meterId && before.next_due === input.nextDue)) return {};
    if (before.overdue_alarm_id !== null) await clearReminder(db, before.overdue_alarm_id, Date.now());
    return { overdue_alarm_id: null };
  },
  async afterWrite({ db, id }) {
    await clearRemindersSupersededBy(db as unknown as Kysely<Database>, id, Date.now());
  },
};
