import { z } from 'zod';
import { defineResource } from './defineResource';
import { optionalRef, requiredText, sortNumber } from './rules';
import { departmentTexts } from './departments.texts';

/** Spec §9: "A dictionary type may have at most 3 levels". */
export const MAX_DEPARTMENT_LEVEL = 3;

export const departmentSchema = z.object({
  name: requiredText(),
  code: requiredText(),
  parentId: optionalRef(),
  sort: sortNumber(),
});

export const departmentResource = defineResource({
  name: 'department',
  path: 'departments',
  table: 'departments',
  menu: '/devices/departs',
  screen: true,
  schema: departmentSchema,
  fields: [
    { name: 'name', kind: 'text', search: true },
    { name: 'code', kind: 'text', unique: true, search: true },
    { name: 'parentId', kind: 'ref', ref: 'departments' },
    // Computed from the parent (server/resources/hooks/departments.ts).
    { name: 'level', kind: 'number', readOnly: true },
    { name: 'sort', kind: 'number' },
  ],
  listFilters: [{ name: 'parentId', kind: 'ref', ref: 'departments' }],
  orderBy: ['level', 'sort', 'id'],
  texts: departmentTexts,
  sample: ({ mark, idOf }) => ({ name: `${mark} plant`, code: `${mark}-D`, parentId: idOf('departments'), sort: 0 }),
});

/** A department in the tree screen: where it sits and how many meters hang on it directly. */
export interface DepartmentNode {
  id: number;
  name: string;
  code: string;
  parentId: number | null;
  level: number;
  sort: number;
  meterCount: number;
}
