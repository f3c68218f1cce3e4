import type { AlarmRecord, PushChannel } from '@shared/schemas';
import type { RenderedMessage } from './templateRender';

/** What a push says when neither its task nor the template settings name a template. */
export const BUILTIN_TEMPLATES: Record<PushChannel, RenderedMessage> = {
  email: {
    subject: '[{{severity}}] {{kind}} alarm: {{subject}}',
    body: [
      'Hello {{recipient}},',
      '',
      '{{message}}',
      '',
      'Subject: {{subject}} {{subjectCode}}',
      'Severity: {{severity}}',
      'Raised at: {{raisedAt}}',
      'Alarm #{{alarmId}}',
    ].join('\n'),
  },
  sms: { subject: '', body: '{{kind}} alarm on {{subject}}: {{message}} ({{raisedAt}})' },
  wechat: { subject: '', body: '[{{severity}}] {{kind}} alarm on {{subject}}: {{message}} ({{raisedAt}}, alarm #{{alarmId}})' },
};

const CHANNEL_WORDS: Record<PushChannel, string> = { email: 'e-mail', sms: 'SMS', wechat: 'WeChat' };
/** The channel as people read it in messages: "e-mail channel is not configured". */
export const channelWord = (channel: PushChannel): string => CHANNEL_WORDS[channel];

/** A channel test without a template. */
export const testMessage = (channel: PushChannel): RenderedMessage => ({
  subject: 'Energy Console test message',
  body: `Test message from Energy Console: the ${channelWord(channel)} channel works.`,
});

/** The alarm a preview or a channel test fills a template with when no real one is named. */
export function sampleAlarm(now: number): AlarmRecord {
  return {
    id: 1024,
    kind: 'device',
    severity: 'high',
    processingState: 1,
    subject: { type: 'meter', id: 11, code: 'M011', name: 'Compressor hall main' },
    ruleId: 7,
    metric: 'kw',
    value: 512.3,
    limit: 500,
    message: 'kw 512.3 over 500 for 60 s',
    raisedAt: now,
    endedAt: null,
    repeatCount: 0,
    lastRepeatAt: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
    processedBy: null,
    processedAt: null,
    note: null,
  };
}
