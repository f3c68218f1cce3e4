import type { ChannelSettingsStore } from './channelSettings';

/** Where a person sets the SMTP server: the console's Messaging › E-mail & test send screen. */
const WHERE = 'set the SMTP server in the console under Messaging › E-mail & test send (/msg/verify)';

/**
 * Checked once at start: the sentence to print when alarm e-mails cannot go out (no SMTP server saved, or
 * the e-mail channel switched off), null when they can. Without it every e-mail push record fails silently.
 */
export async function emailChannelProblem(settings: Pick<ChannelSettingsStore, 'config'>): Promise<string | null> {
  const email = await settings.config('email');
  if (!email) return `E-mail: no SMTP server is set, so alarm e-mails are not sent; ${WHERE}.`;
  if (!email.enabled)
    return `E-mail: the e-mail channel is switched off, so alarm e-mails are not sent; switch it on in the console under Messaging › E-mail & test send (/msg/verify).`;
  return null;
}
