import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { SMS_MAX_CHARS, TEMPLATE_PLACEHOLDERS, type AlarmRecord, type PushChannel, type TemplatePlaceholder } from '@shared/schemas';
import { DATE_TIME_FORMAT } from '@shared/format/time';

dayjs.extend(utc);
dayjs.extend(timezone);

/** `{{name}}`, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([^{}\s]*)\s*\}\}/g;
const KNOWN = new Set<string>(TEMPLATE_PLACEHOLDERS);

/** Placeholders a text uses that are not in TEMPLATE_PLACEHOLDERS, each once, in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) if (!KNOWN.has(match[1] ?? '')) unknown.add(match[1] ?? '');
  return [...unknown];
}

/** `raisedAt` as people read it: "YYYY-MM-DD HH:mm:ss" in the server's TIME_ZONE. */
export function formatLocalTime(at: number, timeZone: string): string {
  return dayjs(at).tz(timeZone).format(DATE_TIME_FORMAT);
}

export function placeholderValues(alarm: AlarmRecord, recipient: string, timeZone: string): Record<TemplatePlaceholder, string> {
  const text = (v: string | number | null) => (v === null ? '' : String(v));
  return {
    kind: alarm.kind,
    severity: alarm.severity,
    subject: alarm.subject.name,
    subjectCode: text(alarm.subject.code),
    metric: text(alarm.metric),
    value: text(alarm.value),
    limit: text(alarm.limit),
    message: alarm.message,
    raisedAt: formatLocalTime(alarm.raisedAt, timeZone),
    alarmId: String(alarm.id),
    recipient,
  };
}

/** Plain-text substitution; the result is never interpreted as HTML anywhere. Unknown names stay as written. */
export function fillPlaceholders(text: string, values: Record<TemplatePlaceholder, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (KNOWN.has(name) ? values[name as TemplatePlaceholder] : whole));
}

export interface RenderedMessage {
  subject: string;
  body: string;
}

/** Fills a template for one channel: the subject only for e-mail (one line), SMS cut to SMS_MAX_CHARS. */
export function renderMessage(channel: PushChannel, template: RenderedMessage, values: Record<TemplatePlaceholder, string>): RenderedMessage {
  const subject =
    channel === 'email'
      ? fillPlaceholders(template.subject, values)
          .replace(/\s*[\r\n]+\s*/g, ' ')
          .trim()
      : '';
  let body = fillPlaceholders(template.body, values);
  if (channel === 'sms' && [...body].length > SMS_MAX_CHARS) body = `${[...body].slice(0, SMS_MAX_CHARS - 1).join('')}…`;
  return { subject, body };
}
