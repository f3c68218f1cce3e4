import { z } from 'zod';
import { INTERFACE_KEY_HEADER } from '@shared/schemas';
import { uplinkPayloadSchema } from '@shared/metering/uplinkSchema';
import { resourceSupplements } from './resourceSupplements';
import type { Supplement } from './supplement';

const ingestAnswer = z.object({
  code: z.literal(0),
  data: z.object({
    accepted: z.number().int().describe('Readings stored'),
    duplicates: z.number().int().describe('Readings already stored for (meter, ts)'),
    rejected: z
      .array(z.object({ index: z.number().int(), meter: z.string().nullable(), reason: z.string() }))
      .describe('Readings refused, with their position and reason'),
  }),
  message: z.string().describe('ok, or "1 reading rejected" / "<n> readings rejected"'),
});

/** WeChat Pay v3's notification envelope: checked by its signature over the raw bytes, so the route parses it itself. */
const wechatNotification = z.object({
  id: z.string(),
  create_time: z.string(),
  event_type: z.string().describe('TRANSACTION.SUCCESS, REFUND.SUCCESS, REFUND.CLOSED, REFUND.ABNORMAL'),
  resource_type: z.literal('encrypt-resource'),
  summary: z.string().optional(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string().describe('base64 of the encrypted transaction or refund JSON followed by the 16-byte GCM tag'),
    associated_data: z.string().optional(),
    nonce: z.string(),
    original_type: z.string().optional(),
  }),
});
const wechatAnswer = z.object({ code: z.literal('SUCCESS'), message: z.string() });
const wechatNotify = (what: string): Supplement => ({
  schema: { body: wechatNotification, response: { 200: wechatAnswer } },
  security: [],
  description: `The payment provider's ${what} notification (WeChat Pay v3 shape). Trusted only by its signature: headers Wechatpay-Timestamp (within 5 minutes), Wechatpay-Nonce, Wechatpay-Signature (RSA-SHA256 by the platform key over "timestamp\\nnonce\\nbody\\n") and Wechatpay-Serial; the resource is decrypted with the APIv3 key (AES-256-GCM). A bad signature answers 401 SIGNATURE_INVALID and changes nothing; a notification delivered again answers SUCCESS and credits nothing.`,
});

/**
 * What the document cannot read from a route's registration because the route validates inside its
 * handler: ingest takes any JSON and keeps the good readings of a partly bad payload (a schema on the
 * route would refuse the whole payload), and authenticates by its own header; the generic resource routes
 * check their definitions' schemas in the handler (resourceSupplements.ts). Keyed `METHOD url`.
 */
const SUPPLEMENTS: Record<string, Supplement> = {
  'POST /api/ingest/readings': {
    schema: { body: uplinkPayloadSchema, response: { 200: ingestAnswer } },
    security: [{ interfaceKey: [] }],
    description: `Authenticated by an activated interface key in the \`${INTERFACE_KEY_HEADER}\` header (Third-party interfaces). The same payload as MQTT (see /api/asyncapi.json); validated reading by reading: a bad reading is rejected with its reason and the rest are kept. The answer comes after commit; every call is recorded. Body limit 4 MB.`,
  },
  'POST /api/pay/wechat/notify': wechatNotify('payment'),
  'POST /api/pay/wechat/refund-notify': wechatNotify('refund'),
};

let all: Record<string, Supplement> | undefined;

export function supplementOf(method: string, url: string): Supplement {
  all ??= { ...resourceSupplements(), ...SUPPLEMENTS };
  return all[`${method} ${url}`] ?? {};
}
