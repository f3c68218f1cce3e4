import type { Kysely } from 'kysely';
import type { EmailSettings, PushChannel, PushChannelSettings, SmsSettings } from '@shared/schemas';
import type { Database } from '../db/schema';
import type { ChannelConfigs } from './channels';

/** The field holding each channel's secret; secrets are write-only (reads say `hasSecret`). */
const SECRET_FIELD: Record<PushChannel, 'password' | 'apiKey' | null> = { email: 'password', sms: 'apiKey', wechat: null };

/** push_channel_settings: one JSON row per channel. */
export class ChannelSettingsStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored settings, secret included (server side only), null when never saved. */
  async config<C extends PushChannel>(channel: C): Promise<ChannelConfigs[C] | null> {
    const row = await this.db.selectFrom('push_channel_settings').select('config').where('channel', '=', channel).executeTakeFirst();
    return row ? (JSON.parse(row.config) as ChannelConfigs[C]) : null;
  }

  /** Saves a channel's settings; an absent or empty secret keeps the stored one. */
  async save<C extends PushChannel>(channel: C, input: ChannelConfigs[C], now = Date.now()): Promise<void> {
    const secretField = SECRET_FIELD[channel];
    const config: Record<string, unknown> = { ...input };
    if (secretField && !config[secretField]) {
      const stored = (await this.config(channel)) as Record<string, unknown> | null;
      if (stored?.[secretField]) config[secretField] = stored[secretField];
      else delete config[secretField];
    }
    if (channel === 'wechat') {
      // The robot's key sits in the webhook URL: the masked URL read back and saved again keeps the stored one.
      const stored = (await this.config('wechat')) as { webhookUrl?: string } | null;
      if (stored?.webhookUrl && config.webhookUrl === maskWebhookUrl(stored.webhookUrl)) config.webhookUrl = stored.webhookUrl;
    }
    const values = { channel, config: JSON.stringify(config), updated_at: now };
    await this.db
      .insertInto('push_channel_settings')
      .values(values)
      .onConflict((oc) => oc.column('channel').doUpdateSet({ config: values.config, updated_at: now }))
      .execute();
  }

  /** What GET /api/push-channels returns: every channel's settings without its secret. */
  async publicView(): Promise<PushChannelSettings> {
    const [email, sms, wechat] = await Promise.all([this.config('email'), this.config('sms'), this.config('wechat')]);
    return {
      email: email ? withoutSecret<EmailSettings>(email, 'password') : null,
      sms: sms ? withoutSecret<SmsSettings>(sms, 'apiKey') : null,
      wechat: wechat ? { ...wechat, webhookUrl: maskWebhookUrl(wechat.webhookUrl), hasSecret: true } : null,
    };
  }
}

function withoutSecret<T>(config: object, secretField: string): T {
  const { [secretField]: secret, ...rest } = config as Record<string, unknown>;
  return { ...rest, hasSecret: typeof secret === 'string' && secret.length > 0 } as T;
}

export const WEBHOOK_MASK = '***';

/** The webhook URL with every query value (the robot's key) replaced by the mask. */
export function maskWebhookUrl(url: string): string {
  try {
    const parsed = new URL(url);
    for (const name of [...parsed.searchParams.keys()]) parsed.searchParams.set(name, WEBHOOK_MASK);
    return parsed.toString().replace(/%2A%2A%2A/g, WEBHOOK_MASK);
  } catch {
    return WEBHOOK_MASK;
  }
}
