import { z } from 'zod';
import { METRICS } from './metrics';
import { MILLI_PER_UNIT } from './readingScale';
import { EARLIEST_READING } from './timestamp';
import { MAX_READINGS_PER_PAYLOAD, METER_CODE } from './uplink';

/**
 * The uplink payload as a published contract (OpenAPI for POST /api/ingest/readings, AsyncAPI for the
 * MQTT readings topic). Ingest itself runs parseUplink, which keeps the good readings of a partly bad
 * payload; this schema says what a fully valid payload is, built from the same constants, and
 * uplinkSchema.test.ts checks that the two agree.
 */
const LARGEST_VALUE = Number.MAX_SAFE_INTEGER / MILLI_PER_UNIT;

const readingTime = z
  .union([
    z.number().describe('Epoch milliseconds, or 10-digit epoch seconds'),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T/)
      .describe('ISO 8601 date and time on a real calendar day, e.g. 2026-11-22T08:00:00+08:00'),
  ])
  .describe(`Not before ${new Date(EARLIEST_READING).toISOString().slice(0, 10)}, at most 5 minutes in the future`);

const metricValue = (metric: (typeof METRICS)[number]) => {
  const value = z.number().max(LARGEST_VALUE);
  const ranged = metric.kind === 'register' ? value.min(0) : value.min(-LARGEST_VALUE);
  const unit = metric.unit ? `, ${metric.unit}` : '';
  return ranged.optional().describe(`${metric.label}${unit} (${metric.kind})`);
};

export const uplinkValuesSchema = z
  .strictObject(Object.fromEntries(METRICS.map((metric) => [metric.code, metricValue(metric)])))
  .refine((values) => Object.keys(values).length > 0, 'values is empty')
  .meta({ minProperties: 1, description: 'Metric codes to numbers; at least one' });

export const uplinkReadingSchema = z.object({
  meter: z.string().regex(METER_CODE).describe('Meter code: 1-64 letters, digits, _ . : -'),
  ts: readingTime.optional().describe("This reading's time; the payload's ts when left out"),
  values: uplinkValuesSchema,
});

/** The README's sample: one time for the payload, one reading with its own ISO time. */
export const UPLINK_EXAMPLE = {
  ts: 1795342800000,
  readings: [
    { meter: 'M011', values: { kwh: 1234.56, kw: 41.2 } },
    { meter: 'M002', ts: '2026-11-22T08:00:00+08:00', values: { m3: 88.1, flow: 3.2 } },
  ],
};

export const uplinkPayloadSchema = z
  .object({
    ts: readingTime.optional().describe('Time of every reading that has none of its own'),
    readings: z
      .array(uplinkReadingSchema)
      .max(MAX_READINGS_PER_PAYLOAD)
      .describe(`At most ${MAX_READINGS_PER_PAYLOAD} readings; a bad one is rejected with its reason, the rest are kept`),
  })
  .refine((payload) => payload.ts !== undefined || payload.readings.every((reading) => reading.ts !== undefined), {
    message: 'ts is missing (on the reading and on the payload)',
    path: ['ts'],
  })
  .meta({
    description: 'Meter readings from a gateway or a third-party system. Readings are idempotent on (meter, ts): resending is safe.',
    examples: [UPLINK_EXAMPLE],
  });

export type UplinkPayload = z.infer<typeof uplinkPayloadSchema>;
