import { z } from 'zod';
import { defineResource } from './defineResource';
import { colour, requiredText } from './rules';

export const tagSchema = z.object({
  name: requiredText(),
  color: colour(),
});

export const tagResource = defineResource({
  name: 'tag',
  path: 'tags',
  menu: '/devices/tag',
  schema: tagSchema,
  fields: [
    { name: 'name', kind: 'text' },
    { name: 'color', kind: 'colour' },
  ],
  listFilters: [],
});
