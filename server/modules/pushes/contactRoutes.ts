import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { pushContactsSchema } from '@shared/schemas';
import { AppError } from '../../http/appError';
import { requireAuth } from '../../http/access';
import type { AuthContext } from '../../auth/authService';
import { userTreeIds } from '../users/userTree';
import { listPushContacts } from '../../pushes/pushContacts';
import { SCREENS, button, readBy } from './screens';

const userParams = z.object({ userId: z.coerce.number().int().positive() });

/** /api/push-contacts (message/personInfo, and the user dialog's push fields): e-mails, phones, SMS allowance. */
export const pushContactRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  // Admins see every user; others themselves and the users below them.
  const visibleUserIds = async (auth: AuthContext) => (auth.isAdmin ? null : [...(await userTreeIds(db, auth.user.id))]);

  app.get('/push-contacts', { config: { access: readBy(SCREENS.personInfo, SCREENS.users) } }, async (request) =>
    ok(await listPushContacts(db, await visibleUserIds(requireAuth(request)), Date.now(), app.pushes.timeZone)),
  );
  app.put(
    '/push-contacts/:userId',
    { config: { access: button('edit', SCREENS.personInfo, SCREENS.users) }, schema: { params: userParams, body: pushContactsSchema } },
    async (request) => {
      const { userId } = request.params;
      const visible = await visibleUserIds(requireAuth(request));
      const exists = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!exists || (visible && !visible.includes(userId))) throw new AppError('NOT_FOUND', { message: 'No such user' });
      const { pushEmails, pushPhones, smsCount } = request.body;
      await db
        .updateTable('users')
        .set({ push_emails: JSON.stringify([...new Set(pushEmails)]), push_phones: JSON.stringify([...new Set(pushPhones)]), sms_count: smsCount, updated_at: Date.now() })
        .where('id', '=', userId)
        .execute();
      const [contacts] = await listPushContacts(db, [userId], Date.now(), app.pushes.timeZone);
      return ok(contacts, 'Updated');
    },
  );
};
