import type { DepartmentNode } from '@shared/resources';
import { buildDepartmentTree, type DepartmentTreeNode } from '../../../resources/DepartmentTreeController';

export { buildDepartmentTree, type DepartmentTreeNode };

/** A department in reading order (each parent followed by its children), with its depth from 0. */
export interface OrderedDepartment {
  node: DepartmentNode;
  depth: number;
}

const bySort = (a: DepartmentNode, b: DepartmentNode) => a.sort - b.sort || a.id - b.id;

/** The tree flattened depth-first in sort order: the row order of the department record. */
export function departmentsInTreeOrder(nodes: readonly DepartmentNode[]): OrderedDepartment[] {
  const ordered: OrderedDepartment[] = [];
  const visit = (tree: DepartmentTreeNode[], depth: number) => {
    for (const node of [...tree].sort(bySort)) {
      const { children, totalMeters: _total, ...department } = node;
      ordered.push({ node: department, depth });
      visit(children, depth + 1);
    }
  };
  visit(buildDepartmentTree(nodes), 0);
  return ordered;
}

/** The top-level departments: summed, they are the site without counting anything twice. */
export const topLevelDepartments = (nodes: readonly DepartmentNode[]): DepartmentNode[] =>
  nodes.filter((node) => node.parentId === null || !nodes.some((other) => other.id === node.parentId)).sort(bySort);

/** The data antd's TreeSelect takes. */
export interface DepartmentTreeOption {
  value: number;
  title: string;
  children: DepartmentTreeOption[];
}

export const treeSelectData = (nodes: readonly DepartmentNode[]): DepartmentTreeOption[] => {
  const convert = (tree: DepartmentTreeNode[]): DepartmentTreeOption[] =>
    [...tree].sort(bySort).map((node) => ({ value: node.id, title: node.name, children: convert(node.children) }));
  return convert(buildDepartmentTree(nodes));
};
