import { z } from 'zod';
import { defineResource } from './defineResource';
import { optionalRef, requiredText, sortNumber } from './rules';

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
  menu: '/devices/departs',
  schema: departmentSchema,
  fields: [
    { name: 'name', kind: 'text' },
    { name: 'code', kind: 'text' },
    { name: 'parentId', kind: 'ref', ref: 'departments' },
    { name: 'level', kind: 'number', readOnly: true },
    { name: 'sort', kind: 'number' },
  ],
  listFilters: [{ name: 'parentId', kind: 'ref', ref: 'departments' }],
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
