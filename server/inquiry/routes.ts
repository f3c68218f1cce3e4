import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import {
  activeAnnouncementsQuerySchema,
  contactDetailsSchema,
  contactMessageHandledSchema,
  contactMessageInputSchema,
  contactMessageQuerySchema,
  helpSearchQuerySchema,
  type PublicInquiry,
} from '@shared/schemas/inquiry';
import { requireAuth } from '../http/access';
import { parseOrThrow } from '../http/zodIssues';
import { callerScope } from '../tenancy/routeTenancy';
import { ownerIds, ownerTreeOf } from '../tenancy/ownerScope';
import { activeAnnouncements, localToday } from './activeAnnouncements';
import { announcementsChannel } from './announcementsChannel';
import { ContactDetailsStore } from './contactDetails';
import { ContactMessages } from './contactMessages';
import { queueContactPushes } from './contactPush';
import { searchHelp } from './helpSearch';
import { platformOwners, viewerOwners } from './viewerTrees';

export const CONTACT_SCREEN = '/inquiry/contactUs';
const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The inquiry API besides the two resources (announcements and help articles, served by
 * server/resources from their definitions): what the login page reads, the home banner, the help
 * search, contact details and messages, and the walls' announcements channel.
 */
export const inquiryRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = app.storage.db;
  const timeZone = app.serverConfig.timeZone;
  const details = new ContactDetailsStore(db);
  const messages = new ContactMessages(db);
  app.channels.addProvider(announcementsChannel(db, timeZone, (error) => app.log.warn({ err: error }, 'announcements channel failed')));

  // Public: the login page is read before anyone signs in, so it shows the platform's (admin tree's) own.
  app.get('/inquiry/public', { config: { access: 'public' } }, async () => {
    const platform = await platformOwners(db);
    const answer: PublicInquiry = {
      announcements: await activeAnnouncements(db, platform, 'login', localToday(Date.now(), timeZone)),
      contact: await details.of(platform),
    };
    return ok(answer);
  });

  app.get(
    '/announcements/active',
    { config: { access: 'user', tenancy: { kind: 'announcements' } }, schema: { querystring: activeAnnouncementsQuerySchema } },
    async (request) => {
      const owners = await viewerOwners(db, requireAuth(request).user.id);
      return ok(await activeAnnouncements(db, owners, request.query.audience, localToday(Date.now(), timeZone)));
    },
  );

  app.get('/help/search', { config: { access: 'user', tenancy: { kind: 'help_articles' } } }, async (request) => {
    const query = parseOrThrow(helpSearchQuerySchema, request.query, 'querystring');
    return ok(await searchHelp(db, await viewerOwners(db, requireAuth(request).user.id), query.language, query.keyword));
  });

  // The caller's tree's details, else the platform's: what the help centre shows to anyone signed in.
  app.get('/contact-details/current', { config: { access: 'user', tenancy: { kind: 'contact_details' } } }, async (request) => {
    const own = await ownerTreeOf(db, requireAuth(request).user.id);
    return ok((await details.of([...own.owners])) ?? (await details.of(await platformOwners(db))));
  });

  // The screen's own record: its tree's, empty until saved.
  app.get('/contact-details', { config: { access: { permission: CONTACT_SCREEN }, tenancy: { kind: 'contact_details' } } }, async (request) => {
    const own = await ownerTreeOf(db, requireAuth(request).user.id);
    return ok(await details.of([...own.owners]));
  });

  app.put('/contact-details', { config: { access: { permission: `${CONTACT_SCREEN}/edit` }, tenancy: { kind: 'contact_details' } } }, async (request) => {
    const input = parseOrThrow(contactDetailsSchema, request.body ?? {}, 'body');
    const auth = requireAuth(request);
    const own = await ownerTreeOf(db, auth.user.id);
    return ok(await details.save(own.home, [...own.owners], input, auth.user.username), 'Saved');
  });

  app.post('/contact-messages', { config: { access: 'user', tenancy: { kind: 'contact_messages' } } }, async (request) => {
    const input = parseOrThrow(contactMessageInputSchema, request.body ?? {}, 'body');
    const auth = requireAuth(request);
    const message = await messages.insert((await callerScope(request)).home, input);
    const pushes = await queueContactPushes(db, app.pushes.settings, message, auth.user.username, timeZone);
    if (pushes > 0) app.pushes.worker.kick();
    return ok({ message, pushes }, 'Sent');
  });

  app.get('/contact-messages', { config: { access: { permission: CONTACT_SCREEN }, tenancy: { kind: 'contact_messages' } } }, async (request) => {
    const query = parseOrThrow(contactMessageQuerySchema, request.query, 'querystring');
    return ok(await messages.list(query, ownerIds(await callerScope(request))));
  });

  app.put(
    '/contact-messages/:id/handled',
    { config: { access: { permission: `${CONTACT_SCREEN}/edit` }, tenancy: { kind: 'contact_messages' } }, schema: { params: idParams } },
    async (request) => {
      const { handled } = parseOrThrow(contactMessageHandledSchema, request.body ?? {}, 'body');
      return ok(await messages.setHandled(request.params.id, handled, requireAuth(request).user.username), 'Saved');
    },
  );
};
