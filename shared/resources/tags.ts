import { z } from 'zod';
import { defineResource } from './defineResource';
import { colour, requiredText } from './rules';
import { tagTexts } from './tags.texts';

export const tagSchema = z.object({
  name: requiredText(),
  color: colour(),
});

export const tagResource = defineResource({
  name: 'tag',
  path: 'tags',
  table: 'tags',
  menu: '/devices/tag',
  screen: true,
  schema: tagSchema,
  fields: [
    { name: 'name', kind: 'text', unique: true, search: true },
    { name: 'color', kind: 'colour' },
  ],
  listFilters: [],
  orderBy: ['name', 'id'],
  texts: tagTexts,
  sample: ({ mark }) => ({ name: `${mark} tag`, color: '#409EFF' }),
});
