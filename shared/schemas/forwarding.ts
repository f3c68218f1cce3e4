import { z } from 'zod';
import { text } from './text';

/**
 * Outbound data forwarding (settings/webServiceConfig, msg/webServiceRecord): endpoints of integrators'
 * and regulators' platforms that receive meter readings, closed 15-minute energy and alarms in signed
 * JSON batches, and the record of every call. One contract for the server's validation and the console.
 */

export const FORWARD_METHODS = ['POST', 'PUT'] as const;
export type ForwardMethod = (typeof FORWARD_METHODS)[number];

/** What an endpoint may receive. */
export const FORWARD_KINDS = ['readings', 'energy', 'alarms'] as const;
export type ForwardKind = (typeof FORWARD_KINDS)[number];

/** Header names the forwarder sets itself (or the HTTP client owns): refused in an endpoint's headers. */
export const RESERVED_HEADERS = [
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'x-energy-signature',
  'x-energy-timestamp',
  'x-energy-delivery',
  'x-energy-attempt',
] as const;
/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Header values shown as this on read (credentials); saving it back keeps the stored value. */
export const MASKED_HEADER_VALUE = '***';
/** Names whose values are credentials: masked on read like the secret. */
export const isCredentialHeader = (name: string): boolean => /auth|key|token|secret|cookie|password/i.test(name);

export const URL_MESSAGE = 'must be an http or https URL';
export const KINDS_MESSAGE = 'choose at least one of readings, energy and alarms';

export const forwardHeaderSchema = z.object({
  name: text()
    .trim()
    .min(1, 'required')
    .max(100)
    .refine((value) => HEADER_NAME.test(value), 'is not a valid HTTP header name')
    .refine((value) => !(RESERVED_HEADERS as readonly string[]).includes(value.toLowerCase()), 'is set by the server and cannot be configured')
    .describe(`An HTTP header name (RFC 9110 token characters), each once; refused: ${RESERVED_HEADERS.join(', ')}`),
  value: text()
    .max(1000)
    .describe(
      `Sent as is. Values of credential headers (a name with auth, key, token, secret, cookie or password) are answered as "${MASKED_HEADER_VALUE}"; saving it keeps the stored value`,
    ),
});
export type ForwardHeader = z.infer<typeof forwardHeaderSchema>;

const url = text()
  .trim()
  .min(1, 'required')
  .max(500)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
    } catch {
      return false;
    }
  }, URL_MESSAGE)
  .describe('Where the batches go: an http or https URL');

const ids = z.array(z.number().int().positive()).max(500).default([]);

/**
 * Create and update. `secret` is write-only: absent or empty keeps the stored one, `clearSecret` removes
 * it. A header saved with the masked value `***` keeps its stored value.
 */
export const forwardEndpointSchema = z
  .object({
    name: text().trim().min(1, 'required').max(80),
    url,
    method: z.enum(FORWARD_METHODS).default('POST'),
    headers: z.array(forwardHeaderSchema).max(20).default([]),
    secret: z
      .string()
      .max(200)
      .optional()
      .refine((value) => value === undefined || value === '' || value.length >= 16, 'must be at least 16 characters')
      .describe('HMAC-SHA256 signing secret, at least 16 characters; write-only (answered as hasSecret), empty or absent keeps the stored one'),
    clearSecret: z.boolean().default(false),
    sendReadings: z.boolean().default(true),
    sendEnergy: z.boolean().default(false),
    sendAlarms: z.boolean().default(false),
    /** Meters, and departments with every meter in them and their sub-departments; both empty: every meter of the tree. */
    meterIds: ids,
    departmentIds: ids,
    batchSize: z.number().int().min(1).max(1000).default(100),
    intervalSeconds: z.number().int().min(1).max(3600).default(60),
    maxAttempts: z.number().int().min(1).max(10).default(5),
    /** Delay before the 2nd attempt; doubled before each further one. */
    backoffSeconds: z.number().int().min(1).max(3600).default(10),
  })
  .refine((value) => value.sendReadings || value.sendEnergy || value.sendAlarms, { message: KINDS_MESSAGE, path: ['sendReadings'] })
  .refine((value) => new Set(value.headers.map((h) => h.name.toLowerCase())).size === value.headers.length, {
    message: 'each header name only once',
    path: ['headers'],
  })
  .describe(
    "A forwarding endpoint: at least one of sendReadings, sendEnergy and sendAlarms; meterIds and departmentIds must be of the caller's tree (none: every meter of the tree)",
  );
export type ForwardEndpointInput = z.input<typeof forwardEndpointSchema>;
export type ForwardEndpointFields = z.output<typeof forwardEndpointSchema>;

export interface ForwardEndpoint {
  id: number;
  name: string;
  url: string;
  method: ForwardMethod;
  /** Credential values come back as `***`. */
  headers: ForwardHeader[];
  hasSecret: boolean;
  sendReadings: boolean;
  sendEnergy: boolean;
  sendAlarms: boolean;
  meterIds: number[];
  departmentIds: number[];
  batchSize: number;
  intervalSeconds: number;
  maxAttempts: number;
  backoffSeconds: number;
  paused: boolean;
  /** Items dropped because the endpoint's queue was full (oldest first), over its life. */
  dropped: number;
  /** Items waiting in this server process's queue now. */
  queued: number;
  lastStatus: number | null;
  lastError: string | null;
  lastCallAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** An endpoint as an edit sends it back: the secret left empty (the stored one is kept), headers as answered (`***` keeps a credential). */
export const editableEndpointFields = (endpoint: ForwardEndpoint): ForwardEndpointFields & { secret: string } => ({
  name: endpoint.name,
  url: endpoint.url,
  method: endpoint.method,
  headers: endpoint.headers,
  secret: '',
  clearSecret: false,
  sendReadings: endpoint.sendReadings,
  sendEnergy: endpoint.sendEnergy,
  sendAlarms: endpoint.sendAlarms,
  meterIds: endpoint.meterIds,
  departmentIds: endpoint.departmentIds,
  batchSize: endpoint.batchSize,
  intervalSeconds: endpoint.intervalSeconds,
  maxAttempts: endpoint.maxAttempts,
  backoffSeconds: endpoint.backoffSeconds,
});

export interface ForwardEndpointPage {
  total: number;
  rows: ForwardEndpoint[];
}

/** POST /forward-endpoints/:id/test: one call with a test item, recorded like the others. */
export interface ForwardTestResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** One call to an endpoint (msg/webServiceRecord). */
export interface ForwardCall {
  id: number;
  endpointId: number;
  endpointName: string;
  at: number;
  items: number;
  ok: boolean;
  /** HTTP status, null when no answer came (connection refused, timeout). */
  status: number | null;
  /** Network error or a short part of a refusing answer. */
  error: string | null;
  durationMs: number;
  /** 1 for the first try of a batch; retries count up to the endpoint's maxAttempts. */
  attempt: number;
  test: boolean;
}

export const forwardCallQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  endpointId: z.coerce.number().int().positive().optional(),
  result: z.enum(['ok', 'failed']).optional(),
  /** An HTTP status, or 0 for calls that got no answer (network error, timeout). */
  status: z.coerce
    .number()
    .int()
    .refine((value) => value === 0 || (value >= 100 && value <= 599), 'must be 0 (no answer) or an HTTP status')
    .optional(),
});

export interface ForwardCallPage {
  total: number;
  rows: ForwardCall[];
}

/** What the receiver gets: one JSON body per batch. */
export type ForwardItem =
  | { type: 'reading'; meter: string; meterId: number; ts: number; values: Record<string, number> }
  | { type: 'energy'; meter: string; meterId: number; energyType: string; start: number; end: number; energy: number }
  | { type: 'alarm'; event: 'raised' | 'changed'; alarm: unknown }
  | { type: 'test'; message: string };

export interface ForwardBatch {
  /** The same on every attempt of a batch, so a receiver can drop a repeat. */
  delivery: string;
  endpoint: string;
  sentAt: number;
  items: ForwardItem[];
}
