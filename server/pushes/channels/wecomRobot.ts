import type { ChannelAdapter } from './channelAdapter';
import { clip } from './channelAdapter';
import { field, isSuccessStatus, postJson, publicEndpoint } from './httpJson';

/**
 * WeChat Work (WeCom) group robot: POST the webhook URL with
 * `{ msgtype: 'text', text: { content, mentioned_mobile_list } }`; accepted on `errcode` 0. The robot
 * posts into its group; the recipients are mentioned by their push phones.
 */
export const wecomRobot: ChannelAdapter<'wechat'> = {
  channel: 'wechat',
  name: 'wecom-robot',
  endpoint: (config) => publicEndpoint(config.webhookUrl),
  async send(config, message) {
    const mentioned = message.address.split(',').filter(Boolean);
    const answer = await postJson(config.webhookUrl, { msgtype: 'text', text: { content: message.body, mentioned_mobile_list: mentioned } });
    return { ok: isSuccessStatus(answer.status) && field(answer.json, 'errcode') === 0, status: answer.status, detail: clip(answer.text) };
  },
};
