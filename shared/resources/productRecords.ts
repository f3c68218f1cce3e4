import { z } from 'zod';
import { multilineText, text } from '../schemas/text';
import { defineResource } from './defineResource';
import { productRecordTexts } from './productRecords.texts';
import { isoDate, requiredRef, RULE_MESSAGES } from './rules';

export const OUTPUT_SOURCES = ['manual', 'import', 'http', 'mqtt'] as const;
export type OutputSource = (typeof OUTPUT_SOURCES)[number];

export const productRecordSchema = z.object({
  lineId: requiredRef(),
  productId: requiredRef(),
  day: isoDate(),
  /** A shift template's name in the line's tree; '' = output of the whole day. */
  shift: text({ error: RULE_MESSAGES.required }).trim().max(50, RULE_MESSAGES.tooLong).default(''),
  quantity: z.number({ error: RULE_MESSAGES.number }).gt(0, RULE_MESSAGES.positive).max(1e12, RULE_MESSAGES.tooLong),
  /** The integrator's idempotency key: unique in the tree when set; sending it again updates the record. */
  reference: text({ error: RULE_MESSAGES.required }).trim().max(100, RULE_MESSAGES.tooLong).default(''),
  note: multilineText({ error: RULE_MESSAGES.required }).trim().max(1000, RULE_MESSAGES.tooLong).default(''),
});

/**
 * Output records (/energyLine/product-record): a quantity of a product made on a line on a production day,
 * in one shift or over the whole day. Typed in, imported from a sheet, or sent by integrators
 * (POST /api/ingest/output, MQTT gateways/{sn}/output), which `source` says (read-only here).
 */
export const productRecordResource = defineResource({
  name: 'productRecord',
  path: 'product-records',
  table: 'product_records',
  noun: 'output record',
  menu: '/energyLine/product-record',
  screen: true,
  schema: productRecordSchema,
  fields: [
    { name: 'day', kind: 'date' },
    { name: 'lineId', kind: 'ref', ref: 'product-lines' },
    { name: 'productId', kind: 'ref', ref: 'products' },
    { name: 'shift', kind: 'text', search: true },
    { name: 'quantity', kind: 'number' },
    { name: 'source', kind: 'enum', values: OUTPUT_SOURCES, readOnly: true },
    { name: 'reference', kind: 'text', search: true },
    { name: 'note', kind: 'multiline', search: true, hideInList: true },
  ],
  listFilters: [
    { name: 'lineId', kind: 'ref', ref: 'product-lines' },
    { name: 'productId', kind: 'ref', ref: 'products' },
    { name: 'source', kind: 'enum', values: OUTPUT_SOURCES },
  ],
  orderBy: ['day', 'id'],
  optionLabel: ['day', 'shift', 'quantity'],
  texts: productRecordTexts,
  sample: ({ mark, idOf }) => ({
    lineId: idOf('product-lines'),
    productId: idOf('products'),
    day: '2026-01-15',
    shift: '',
    quantity: 120,
    reference: `${mark}-REF-1`,
    note: `${mark} note`,
  }),
});
