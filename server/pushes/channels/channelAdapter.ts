import type { z } from 'zod';
import type { emailSettingsSchema, PushChannel, smsSettingsSchema, wechatSettingsSchema } from '@shared/schemas';

/** A channel's stored settings, secret included (server side only). */
export type EmailConfig = z.output<typeof emailSettingsSchema>;
export type SmsConfig = z.output<typeof smsSettingsSchema>;
export type WechatConfig = z.output<typeof wechatSettingsSchema>;
export interface ChannelConfigs {
  email: EmailConfig;
  sms: SmsConfig;
  wechat: WechatConfig;
}

/** One message as the worker hands it to a channel: already rendered, plain text. */
export interface OutgoingMessage {
  /** E-mail address, phone number, or (WeChat) the phones to mention joined by ",". */
  address: string;
  subject: string;
  body: string;
}

/** What the provider said. `status`: SMTP reply code or HTTP status, null when no answer came. */
export interface ProviderAnswer {
  ok: boolean;
  status: number | null;
  detail: string;
}

/**
 * A provider behind a channel. `name` is the value of the settings' `adapter` field (e-mail has one:
 * `smtp`). `send` may throw for a transport failure (refused, timeout); the caller records it as an
 * answer without status. Adding a provider: one more file like this folder's others, its name in the
 * contract's `adapter` enum, one line in `index.ts`.
 */
export interface ChannelAdapter<C extends PushChannel = PushChannel> {
  channel: C;
  name: string;
  /** Where the call goes, without credentials (provider_calls, the webServiceRecord screen). */
  endpoint(config: ChannelConfigs[C]): string;
  send(config: ChannelConfigs[C], message: OutgoingMessage): Promise<ProviderAnswer>;
}

/** Provider texts are kept short in provider_calls. */
export const clip = (text: string, max = 500): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
