import { z } from 'zod';
import { defineResource } from './defineResource';
import { optionalRef, requiredText, sortNumber } from './rules';
import { subitemTexts } from './subitems.texts';

/** Energy use classes (lighting, HVAC, power, special) that meters are counted under. */
export const subitemSchema = z.object({
  code: requiredText(),
  name: requiredText(),
  parentId: optionalRef(),
  sort: sortNumber(),
});

export const subitemResource = defineResource({
  name: 'subitem',
  noun: 'sub-item',
  path: 'subitems',
  table: 'subitems',
  menu: '/devices/subitem',
  screen: true,
  schema: subitemSchema,
  fields: [
    { name: 'code', kind: 'text', unique: true, search: true },
    { name: 'name', kind: 'text', search: true },
    { name: 'parentId', kind: 'ref', ref: 'subitems' },
    { name: 'sort', kind: 'number' },
  ],
  listFilters: [{ name: 'parentId', kind: 'ref', ref: 'subitems' }],
  orderBy: ['sort', 'id'],
  texts: subitemTexts,
  sample: ({ mark, idOf }) => ({ name: `${mark} lighting`, code: `${mark}-S`, parentId: idOf('subitems'), sort: 0 }),
});
