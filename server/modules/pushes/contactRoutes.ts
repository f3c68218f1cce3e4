import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { pushContactsSchema } from '@shared/schemas';
import { AppError } from '../../http/appError';
import { callerScope } from '../../tenancy/routeTenancy';
import { ownerIds } from '../../tenancy/ownerScope';
import { listPushContacts } from '../../pushes/pushContacts';
import { SCREENS, button, readBy } from './screens';

const userParams = z.object({ userId: z.coerce.number().int().positive() });

/** /api/push-contacts (message/personInfo, and the user dialog's push fields): e-mails, phones, SMS allowance. */
export const pushContactRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  // Admins see every user; others the users of their tree (server/tenancy), so a sub-user keeps its tree's contacts.
  const tenancy = { kind: 'users', check: 'module' } as const;

  app.get('/push-contacts', { config: { access: readBy(SCREENS.personInfo, SCREENS.users), tenancy } }, async (request) =>
    ok(await listPushContacts(db, ownerIds(await callerScope(request)), Date.now(), app.pushes.timeZone)),
  );
  app.put(
    '/push-contacts/:userId',
    { config: { access: button('edit', SCREENS.personInfo, SCREENS.users), tenancy }, schema: { params: userParams, body: pushContactsSchema } },
    async (request) => {
      const { userId } = request.params;
      const visible = ownerIds(await callerScope(request));
      const exists = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!exists || (visible && !visible.includes(userId))) throw new AppError('NOT_FOUND', { message: 'No such user' });
      const { pushEmails, pushPhones, smsCount } = request.body;
      await db
        .updateTable('users')
        .set({
          push_emails: JSON.stringify([...new Set(pushEmails)]),
          push_phones: JSON.stringify([...new Set(pushPhones)]),
          sms_count: smsCount,
          updated_at: Date.now(),
        })
        .where('id', '=', userId)
        .execute();
      const [contacts] = await listPushContacts(db, [userId], Date.now(), app.pushes.timeZone);
      return ok(contacts, 'Updated');
    },
  );
};
