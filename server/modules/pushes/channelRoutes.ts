import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { channelTestSchema, emailSettingsSchema, PUSH_CHANNELS, smsSettingsSchema, wechatSettingsSchema, type PushChannel } from '@shared/schemas';
import { hasPermission, requireAuth } from '../../http/access';
import { AppError } from '../../http/appError';
import { testChannel } from '../../pushes/channelTest';
import { SCREENS, button, readBy } from './screens';

/** Each channel's settings screen: e-mail on verify (settings and tests), SMS and WeChat on their own. */
const CHANNEL_SCREEN: Record<PushChannel, string> = { email: SCREENS.verify, sms: SCREENS.pushSms, wechat: SCREENS.pushWx };
const channelParams = z.object({ channel: z.enum(PUSH_CHANNELS) });

/** /api/push-channels: settings (secrets write-only) and a test message per channel. */
export const pushChannelRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const settings = app.pushes.settings;

  app.get('/push-channels', { config: { access: readBy(SCREENS.verify, SCREENS.pushSms, SCREENS.pushWx), tenancy: 'platform' } }, async () =>
    ok(await settings.publicView()),
  );
  const editAccess = (channel: PushChannel) => button('edit', CHANNEL_SCREEN[channel]);
  app.put('/push-channels/email', { config: { access: editAccess('email'), tenancy: 'platform' }, schema: { body: emailSettingsSchema } }, async (request) => {
    await settings.save('email', request.body);
    return ok((await settings.publicView()).email, 'Updated');
  });
  app.put('/push-channels/sms', { config: { access: editAccess('sms'), tenancy: 'platform' }, schema: { body: smsSettingsSchema } }, async (request) => {
    await settings.save('sms', request.body);
    return ok((await settings.publicView()).sms, 'Updated');
  });
  app.put(
    '/push-channels/wechat',
    { config: { access: editAccess('wechat'), tenancy: 'platform' }, schema: { body: wechatSettingsSchema } },
    async (request) => {
      await settings.save('wechat', request.body);
      return ok((await settings.publicView()).wechat, 'Updated');
    },
  );
  // A test sends a real message (an SMS costs money): whoever may edit the channel, or the verify screen's edit.
  app.post(
    '/push-channels/:channel/test',
    {
      config: { access: { anyOf: [...new Set([`${SCREENS.verify}/edit`, ...PUSH_CHANNELS.map((c) => `${CHANNEL_SCREEN[c]}/edit`)])] }, tenancy: 'platform' },
      schema: { params: channelParams, body: channelTestSchema },
    },
    async (request) => {
      const { channel } = request.params;
      const auth = requireAuth(request);
      // The route admits any channel's editor; the channel tested must be theirs (or the verify screen's).
      const allowed = (await hasPermission(auth, `${CHANNEL_SCREEN[channel]}/edit`)) || (await hasPermission(auth, `${SCREENS.verify}/edit`));
      if (!allowed) throw new AppError('FORBIDDEN');
      return ok(await testChannel(app.storage.db, settings, channel, request.body, auth.user.true_name || auth.user.username, app.pushes.timeZone));
    },
  );
};
