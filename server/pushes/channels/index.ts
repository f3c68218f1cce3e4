import type { PushChannel } from '@shared/schemas';
import type { ChannelAdapter, ChannelConfigs } from './channelAdapter';
import { emailSmtp } from './emailSmtp';
import { smsGenericHttp } from './smsGenericHttp';
import { wecomRobot } from './wecomRobot';

export type { ChannelAdapter, ChannelConfigs, OutgoingMessage, ProviderAnswer } from './channelAdapter';

/** Every provider adapter; a new provider is one more file and one more entry here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each adapter has its own settings type; the list holds them all
const ADAPTERS: ChannelAdapter<any>[] = [emailSmtp, smsGenericHttp, wecomRobot];

/** The adapter a channel's settings name (e-mail has only SMTP); throws for an unknown one. */
export function adapterFor<C extends PushChannel>(channel: C, config: ChannelConfigs[C]): ChannelAdapter<C> {
  const name = 'adapter' in config ? config.adapter : 'smtp';
  const adapter = ADAPTERS.find((a) => a.channel === channel && a.name === name);
  if (!adapter) throw new Error(`no ${channel} adapter named "${name}"`);
  return adapter as ChannelAdapter<C>;
}
