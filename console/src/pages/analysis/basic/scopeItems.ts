import type { DepartmentNode, ResourceOption } from '@shared/resources';
import { topLevelDepartments } from '../shared/departmentTree';

export const ITEM_SCOPES = ['department', 'subitem', 'meter'] as const;
export type ItemScope = (typeof ITEM_SCOPES)[number];

/** How many items the screen picks by itself: enough to compare, few enough to read. */
export const DEFAULT_ITEM_COUNT = 5;

/**
 * The items shown before the operator picks any: the top-level departments (the site, once each), else
 * the first sub-items or meters.
 */
export function defaultItems(scope: ItemScope, departments: readonly DepartmentNode[], options: readonly ResourceOption[]): number[] {
  if (scope === 'department')
    return topLevelDepartments(departments)
      .slice(0, DEFAULT_ITEM_COUNT)
      .map((node) => node.id);
  return options.slice(0, DEFAULT_ITEM_COUNT).map((option) => option.id);
}
