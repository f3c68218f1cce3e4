import type { Kysely } from 'kysely';
import { z } from 'zod';
import { EMAIL_MESSAGE, MAINLAND_MOBILE, PHONE_MESSAGE, type ChannelTestResult, type channelTestSchema, type PushChannel } from '@shared/schemas';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { channelWord, sampleAlarm, testMessage } from './builtinTemplates';
import type { ChannelSettingsStore } from './channelSettings';
import { callProvider } from './providerCalls';
import { PushTemplates } from './pushTemplates';
import { placeholderValues, renderMessage } from './templateRender';

const emailAddress = z.string().email(EMAIL_MESSAGE);

/**
 * POST /api/push-channels/:channel/test: one message now, with the stored settings (enabled or not, so
 * a channel can be checked before it is switched on), recorded in provider_calls like any push.
 */
export async function testChannel(
  db: Kysely<Database>,
  settings: ChannelSettingsStore,
  channel: PushChannel,
  input: z.output<typeof channelTestSchema>,
  recipientName: string,
  timeZone: string,
): Promise<ChannelTestResult> {
  const valid = channel === 'email' ? emailAddress.safeParse(input.address).success : MAINLAND_MOBILE.test(input.address);
  if (!valid) throw validationError([{ field: 'body.address', rule: 'format', message: channel === 'email' ? EMAIL_MESSAGE : PHONE_MESSAGE }]);
  const config = await settings.config(channel);
  if (!config) throw new AppError('VALIDATION_FAILED', { message: `${channelWord(channel)} channel is not configured: save its settings first` });
  let message = testMessage(channel);
  if (input.templateId !== undefined) {
    const template = await new PushTemplates(db).get(input.templateId);
    if (!template) throw validationError([{ field: 'body.templateId', rule: 'exists', message: `${input.templateId} does not exist` }]);
    if (template.channel !== channel)
      throw validationError([{ field: 'body.templateId', rule: 'channel', message: `"${template.name}" is a ${template.channel} template` }]);
    message = renderMessage(channel, template, placeholderValues(sampleAlarm(Date.now()), recipientName, timeZone));
  }
  const answer = await callProvider(db, channel, config, { address: input.address, subject: message.subject, body: message.body }, null);
  return { ok: answer.ok, status: answer.status, detail: answer.detail, durationMs: answer.durationMs };
}
