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
};

let all: Record<string, Supplement> | undefined;

export function supplementOf(method: string, url: string): Supplement {
  all ??= { ...resourceSupplements(), ...SUPPLEMENTS };
  return all[`${method} ${url}`] ?? {};
}
