import type { ChannelAdapter } from './channelAdapter';
import { clip } from './channelAdapter';
import { field, isSuccessStatus, postJson, publicEndpoint } from './httpJson';

/**
 * SMS `generic-http`: POST the settings' URL with `{ account, sign, phones, content }` and
 * `Authorization: Bearer <apiKey>`; accepted on 2xx with JSON `code` 0 (or "OK"). `content` starts with
 * the signature, as mainland SMS gateways expect the text to carry it; `sign` is sent alone as well.
 */
export const smsGenericHttp: ChannelAdapter<'sms'> = {
  channel: 'sms',
  name: 'generic-http',
  endpoint: (config) => publicEndpoint(config.url),
  async send(config, message) {
    const phones = message.address.split(',').filter(Boolean);
    const headers: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
    const answer = await postJson(config.url, { account: config.account, sign: config.sign, phones, content: `${config.sign}${message.body}` }, headers);
    const code = field(answer.json, 'code');
    return { ok: isSuccessStatus(answer.status) && (code === 0 || code === '0' || code === 'OK'), status: answer.status, detail: clip(answer.text) };
  },
};
