import type { ResourceOption } from '@shared/resources';

/**
 * The resource lists pickers choose from: GET /api/<list>/options (any signed-in user; the server
 * answers only what that user may see). Meters come named "<code> <name>" by the server.
 */
export type ResourceList = 'meters' | 'departments' | 'subitems' | 'report-definitions';
export const RESOURCE_LISTS: readonly ResourceList[] = ['meters', 'departments', 'subitems', 'report-definitions'];

export type ResourceLists = Partial<Record<ResourceList, readonly ResourceOption[]>>;

/** A Select option. */
export interface ResourceChoice {
  value: number;
  label: string;
}

/** A TreeSelect node. */
export interface DepartmentChoice {
  value: number;
  title: string;
  children: DepartmentChoice[];
}

export const selectChoices = (options: readonly ResourceOption[] | undefined): ResourceChoice[] =>
  (options ?? []).map((option) => ({ value: option.id, label: option.name }));

/**
 * Departments as a tree, in the server's order (sort, then id). A department whose parent the user
 * cannot see is shown at the top level rather than dropped.
 */
export function departmentChoices(options: readonly ResourceOption[] | undefined): DepartmentChoice[] {
  const list = options ?? [];
  const nodes = new Map<number, DepartmentChoice>(list.map((option) => [option.id, { value: option.id, title: option.name, children: [] }]));
  const roots: DepartmentChoice[] = [];
  for (const option of list) {
    const node = nodes.get(option.id)!;
    const parent = option.parentId === null || option.parentId === undefined || option.parentId === option.id ? undefined : nodes.get(option.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
