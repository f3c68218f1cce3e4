import { z } from 'zod';
import { multilineText, text } from './text';
import { ALARM_KINDS, ALARM_SEVERITIES } from './alarms';

/**
 * Message pushes (msg/* and message/*): templates with placeholders, push tasks that match
 * alarms, push records with delivery state and retries, the channels' settings and the users' push
 * contacts. One contract for the server's validation and the console's calls.
 */

/** E-mail over SMTP; SMS and WeChat through provider adapters over HTTP. */
export const PUSH_CHANNELS = ['email', 'sms', 'wechat'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];

/** Mainland mobile number (spec §5: "the phone format is a mainland mobile number"). */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
export const PHONE_MESSAGE = 'Please enter a valid mainland mobile number (11 digits, starting with 1)';
export const EMAIL_MESSAGE = 'Please enter a valid e-mail address';

// ---- templates (msg/template) ----
/**
 * Placeholders a template may use, written `{{name}}`. Each is filled from the alarm that triggered
 * the push; an unknown placeholder is a validation error (a typo would otherwise reach people as text).
 */
export const TEMPLATE_PLACEHOLDERS = [
  'kind', // device, error, trouble, offline (translated word in the template's language is up to the author)
  'severity',
  'subject', // meter / department / sub-item / gateway name
  'subjectCode',
  'metric',
  'value',
  'limit',
  'message', // the alarm's own one-line text
  'raisedAt', // "2026-11-22 09:15:00" in the server's TIME_ZONE
  'alarmId',
  'recipient', // the recipient's true name
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** An SMS template's text may be this long (a filled one is cut to it with "…"). */
export const SMS_MAX_CHARS = 500;

export const pushTemplateSchema = z
  .object({
    name: text().trim().min(1, 'required').max(64),
    channel: z.enum(PUSH_CHANNELS),
    /** E-mail subject line (e-mail only; placeholders allowed). */
    subject: text().trim().max(200).default(''),
    /** Plain text with placeholders; never rendered as HTML. SMS bodies are limited to SMS_MAX_CHARS characters. */
    body: multilineText().trim().min(1, 'required').max(4000),
  })
  .refine((template) => template.channel !== 'sms' || [...template.body].length <= SMS_MAX_CHARS, {
    message: `an SMS text is at most ${SMS_MAX_CHARS} characters`,
    path: ['body'],
  });
export type PushTemplateInput = z.input<typeof pushTemplateSchema>;
export interface PushTemplate extends z.output<typeof pushTemplateSchema> {
  id: number;
  updatedAt: number;
}

/** POST /api/push-templates/preview: fill a template with a sample (or a real) alarm. */
export const templatePreviewSchema = z.object({
  subject: text().max(200).default(''),
  body: multilineText().min(1, 'required').max(4000),
  alarmId: z.coerce.number().int().positive().optional(),
});
export interface TemplatePreview {
  subject: string;
  body: string;
}

// ---- template settings (message/template-settings) ----
/** Which template each alarm kind uses per channel when a push task does not name one. */
export const templateDefaultsSchema = z.object({
  defaults: z
    .array(z.object({ kind: z.enum(ALARM_KINDS), channel: z.enum(PUSH_CHANNELS), templateId: z.number().int().positive().nullable() }))
    .max(ALARM_KINDS.length * PUSH_CHANNELS.length),
});
export type TemplateDefaults = z.output<typeof templateDefaultsSchema>;

// ---- push tasks (msg/task) ----
/**
 * A push task: when an alarm matching it is raised, push it on `channel` to the recipients. Matching:
 * kind in `kinds`, severity at least `minSeverity`, subject inside `departmentId`'s tree when set.
 */
export const pushTaskSchema = z.object({
  name: text().trim().min(1, 'required').max(64),
  enabled: z.boolean().default(true),
  channel: z.enum(PUSH_CHANNELS),
  kinds: z.array(z.enum(ALARM_KINDS)).min(1, 'choose at least one alarm kind'),
  minSeverity: z.enum(ALARM_SEVERITIES).default('low'),
  departmentId: z.number().int().positive().nullable().default(null),
  /** null: the kind's default template for the channel (template settings). */
  templateId: z.number().int().positive().nullable().default(null),
  recipientIds: z.array(z.number().int().positive()).min(1, 'choose at least one recipient').max(200),
  /** Push again when an open alarm is raised again (a repeat), not only on the first raise. */
  onRepeat: z.boolean().default(false),
});
export type PushTaskInput = z.input<typeof pushTaskSchema>;
export interface PushTask extends z.output<typeof pushTaskSchema> {
  id: number;
  /** Display names, for the list. */
  recipientNames: string[];
  templateName: string | null;
  departmentName: string | null;
  updatedAt: number;
}

// ---- push records (message/push-records, msg/webServiceRecord) ----
/**
 * pending: waiting for its first or next attempt; sent: the channel accepted it; failed: every attempt
 * failed (retries exhausted) or the address was refused; skipped: not sent on purpose (the recipient
 * has no address for the channel, or its monthly SMS allowance is used up) — `error` says why.
 */
export const PUSH_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type PushState = (typeof PUSH_STATES)[number];
/** Delays before the 2nd, 3rd and 4th attempt; after the 4th failure the record is `failed`. */
export const PUSH_RETRY_DELAYS_MS = [30_000, 120_000, 600_000] as const;

export interface PushRecord {
  id: number;
  taskId: number | null;
  taskName: string | null;
  alarmId: number | null;
  channel: PushChannel;
  recipientId: number | null;
  recipientName: string | null;
  /** E-mail address or phone number. */
  address: string;
  subject: string;
  body: string;
  state: PushState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number | null;
  sentAt: number | null;
  createdAt: number;
}

export const pushRecordQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  channel: z.enum(PUSH_CHANNELS).optional(),
  state: z.enum(PUSH_STATES).optional(),
  taskId: z.coerce.number().int().positive().optional(),
  alarmId: z.coerce.number().int().positive().optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  keyword: text().trim().max(64).optional(),
});
export interface PushRecordPage {
  total: number;
  rows: PushRecord[];
}

/** One call to a provider (SMTP server, SMS or WeChat HTTP endpoint): msg/webServiceRecord. */
export interface ProviderCall {
  id: number;
  recordId: number | null;
  channel: PushChannel;
  /** host:port for SMTP, the URL (without credentials) for HTTP. */
  endpoint: string;
  ok: boolean;
  /** SMTP reply code or HTTP status, null when no answer came (connection refused, timeout). */
  status: number | null;
  /** Short response text or error message (at most 500 characters). */
  detail: string;
  durationMs: number;
  at: number;
}
export const providerCallQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  channel: z.enum(PUSH_CHANNELS).optional(),
  ok: z.enum(['true', 'false']).optional(),
  recordId: z.coerce.number().int().positive().optional(),
});
export interface ProviderCallPage {
  total: number;
  rows: ProviderCall[];
}

/** POST /api/push-records/resend: put failed or skipped records back to pending (one attempt more). */
export const pushResendSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });

// ---- channel settings (msg/verify e-mail, msg/pushsms, msg/pushwx) ----
const url = text()
  .trim()
  .url('must be an http(s) URL')
  .max(500)
  .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL');
/** Secrets are write-only: reads return `hasSecret`, an empty or absent secret on save keeps the stored one. */
export const emailSettingsSchema = z.object({
  enabled: z.boolean(),
  host: text().trim().min(1, 'required').max(200),
  port: z.number().int().min(1).max(65_535),
  /** Implicit TLS (465); otherwise STARTTLS is used when the server offers it. */
  secure: z.boolean().default(false),
  username: text().trim().max(200).default(''),
  password: z.string().max(200).optional(),
  from: text().trim().email(EMAIL_MESSAGE).max(200),
});
/**
 * SMS through a provider's HTTP API. Adapter `generic-http` (the built-in one): POST `url` with JSON
 * `{ account, sign, phones, content }` and `Authorization: Bearer <apiKey>`; accepted when the answer is
 * 2xx with JSON `code` 0 (or "OK"). Other providers are added as adapters (server/pushes/README.md).
 */
export const smsSettingsSchema = z.object({
  enabled: z.boolean(),
  adapter: z.enum(['generic-http']).default('generic-http'),
  url,
  account: text().trim().max(100).default(''),
  apiKey: z.string().max(200).optional(),
  /** Signature shown before the text, e.g. 【Energy】. */
  sign: text().trim().max(32).default(''),
});
/**
 * WeChat Work (WeCom) group robot: POST the robot's webhook URL with
 * `{ msgtype: 'text', text: { content, mentioned_mobile_list } }`; accepted on `errcode` 0.
 */
export const wechatSettingsSchema = z.object({
  enabled: z.boolean(),
  adapter: z.enum(['wecom-robot']).default('wecom-robot'),
  webhookUrl: url,
});
export type EmailSettingsInput = z.input<typeof emailSettingsSchema>;
export type SmsSettingsInput = z.input<typeof smsSettingsSchema>;
export type WechatSettingsInput = z.input<typeof wechatSettingsSchema>;
export type EmailSettings = Omit<z.output<typeof emailSettingsSchema>, 'password'> & { hasSecret: boolean };
export type SmsSettings = Omit<z.output<typeof smsSettingsSchema>, 'apiKey'> & { hasSecret: boolean };
/** The webhook URL comes back with its query values (the robot key) as `***`; saving that masked URL keeps the stored one. */
export type WechatSettings = z.output<typeof wechatSettingsSchema> & { hasSecret: boolean };
export interface PushChannelSettings {
  email: EmailSettings | null;
  sms: SmsSettings | null;
  wechat: WechatSettings | null;
}

/** POST /api/push-channels/:channel/test (msg/verify): send one message now, report what the provider said. */
export const channelTestSchema = z.object({
  /** E-mail address (email) or phone (sms, wechat mention). */
  address: text().trim().min(1, 'required').max(200),
  templateId: z.number().int().positive().optional(),
});
export interface ChannelTestResult {
  ok: boolean;
  status: number | null;
  detail: string;
  durationMs: number;
}

// ---- push contacts (the user dialog's push fields; message/personInfo) ----
export const pushContactsSchema = z.object({
  pushEmails: z.array(text().trim().email(EMAIL_MESSAGE).max(200)).max(10).default([]),
  pushPhones: z.array(text().trim().regex(MAINLAND_MOBILE, PHONE_MESSAGE)).max(10).default([]),
  /** SMS messages the user may receive per calendar month (0: none). */
  smsCount: z.number().int().min(0).max(100_000).default(0),
});
export type PushContactsInput = z.input<typeof pushContactsSchema>;
export interface PushContacts extends z.output<typeof pushContactsSchema> {
  userId: number;
  username: string;
  trueName: string;
  /** SMS pushes sent to this user in the current calendar month. */
  smsUsedThisMonth: number;
}
