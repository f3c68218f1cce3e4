import { z } from 'zod';
import { defineResource } from './defineResource';
import { optionalRef, requiredText, sortNumber } from './rules';

/** Energy use classes (lighting, HVAC, power, special) that meters are counted under. */
export const subitemSchema = z.object({
  code: requiredText(),
  name: requiredText(),
  parentId: optionalRef(),
  sort: sortNumber(),
});

export const subitemResource = defineResource({
  name: 'subitem',
  path: 'subitems',
  menu: '/devices/subitem',
  schema: subitemSchema,
  fields: [
    { name: 'code', kind: 'text' },
    { name: 'name', kind: 'text' },
    { name: 'parentId', kind: 'ref', ref: 'subitems' },
    { name: 'sort', kind: 'number' },
  ],
  listFilters: [{ name: 'parentId', kind: 'ref', ref: 'subitems' }],
});
