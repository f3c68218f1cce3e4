import { z } from 'zod';
import { multilineText } from '../schemas/text';
import { defineResource } from './defineResource';
import { productTexts } from './products.texts';
import { positiveNumber, requiredText, RULE_MESSAGES } from './rules';

/** kWh per unit (or per standard unit): empty = no target. */
export const optionalTarget = () => z.number({ error: RULE_MESSAGES.number }).gt(0, RULE_MESSAGES.positive).nullable().default(null);

export const productSchema = z.object({
  code: requiredText(),
  name: requiredText(100),
  unit: requiredText(20),
  standardCoefficient: positiveNumber(1),
  targetSecKwh: optionalTarget(),
  note: multilineText({ error: RULE_MESSAGES.required }).trim().max(1000, RULE_MESSAGES.tooLong).default(''),
});

/**
 * Products made on production lines (/energyLine/product). `standardCoefficient` turns a quantity into
 * standard output (quantity × coefficient), so a line making several products has one output figure and its
 * energy is split over the products by standard-output share; `targetSecKwh` is kWh per unit of the product.
 */
export const productResource = defineResource({
  name: 'product',
  path: 'products',
  table: 'products',
  menu: '/energyLine/product',
  screen: true,
  schema: productSchema,
  fields: [
    { name: 'code', kind: 'text', unique: true, search: true },
    { name: 'name', kind: 'text', search: true },
    { name: 'unit', kind: 'text' },
    { name: 'standardCoefficient', kind: 'number' },
    { name: 'targetSecKwh', kind: 'number' },
    { name: 'note', kind: 'multiline', search: true, hideInList: true },
  ],
  listFilters: [],
  orderBy: ['code', 'id'],
  optionLabel: ['code', 'name'],
  texts: productTexts,
  sample: ({ mark }) => ({ code: `${mark}-P1`, name: `${mark} bracket`, unit: 'pcs', standardCoefficient: 1.5, targetSecKwh: 2, note: '' }),
});
