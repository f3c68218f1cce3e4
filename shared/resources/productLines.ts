import { z } from 'zod';
import { multilineText } from '../schemas/text';
import { defineResource } from './defineResource';
import { ENERGY_TYPES } from './meters';
import { productLineTexts } from './productLines.texts';
import { optionalTarget } from './products';
import { optionalRef, requiredText, RULE_MESSAGES } from './rules';

export const productLineSchema = z.object({
  code: requiredText(),
  name: requiredText(100),
  departmentId: optionalRef(),
  energyType: z.enum(ENERGY_TYPES, { error: RULE_MESSAGES.choose }).default('electricity'),
  targetSecKwh: optionalTarget(),
  note: multilineText({ error: RULE_MESSAGES.required }).trim().max(1000, RULE_MESSAGES.tooLong).default(''),
});

/**
 * Production lines (/energyLine/product-line). The meters feeding a line, each with its allocation ratio, are
 * edited on the line's own screen (PUT /api/production/lines/:id/meters); the department names whose shift
 * templates cut the line's days into shifts; `targetSecKwh` is kWh per standard unit of output.
 */
export const productLineResource = defineResource({
  name: 'productLine',
  path: 'product-lines',
  table: 'product_lines',
  noun: 'production line',
  menu: '/energyLine/product-line',
  // The line screen adds the meter allocation editor (console/src/pages/production/).
  screen: false,
  schema: productLineSchema,
  fields: [
    { name: 'code', kind: 'text', unique: true, search: true },
    { name: 'name', kind: 'text', search: true },
    { name: 'departmentId', kind: 'ref', ref: 'departments' },
    { name: 'energyType', kind: 'enum', values: ENERGY_TYPES },
    { name: 'targetSecKwh', kind: 'number' },
    { name: 'note', kind: 'multiline', search: true, hideInList: true },
  ],
  listFilters: [
    { name: 'departmentId', kind: 'ref', ref: 'departments' },
    { name: 'energyType', kind: 'enum', values: ENERGY_TYPES },
  ],
  orderBy: ['code', 'id'],
  optionLabel: ['code', 'name'],
  texts: productLineTexts,
  sample: ({ mark, idOf }) => ({
    code: `${mark}-L1`,
    name: `${mark} line`,
    departmentId: idOf('departments'),
    energyType: 'electricity',
    targetSecKwh: 3,
    note: '',
  }),
});
