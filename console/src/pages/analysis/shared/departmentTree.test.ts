import { describe, expect, it } from 'vitest';
import type { DepartmentNode } from '@shared/resources';
import { departmentsInTreeOrder, topLevelDepartments, treeSelectData } from './departmentTree';

const dept = (id: number, name: string, parentId: number | null, sort: number): DepartmentNode => ({
  id,
  name,
  code: name.toUpperCase(),
  parentId,
  level: 1,
  sort,
  meterCount: 0,
});

// Listed children first and out of sort order on purpose: the server's order is not relied on.
const NODES = [dept(5, 'line2', 2, 2), dept(4, 'line1', 2, 1), dept(3, 'office', null, 2), dept(2, 'hall', 1, 1), dept(1, 'plant', null, 1)];

describe('department tree helpers', () => {
  it('orders departments depth-first by sort, with their depth', () => {
    expect(departmentsInTreeOrder(NODES).map(({ node, depth }) => `${depth}:${node.name}`)).toEqual(['0:plant', '1:hall', '2:line1', '2:line2', '0:office']);
  });

  it('finds the top-level departments (also when a parent is not visible)', () => {
    expect(topLevelDepartments(NODES).map((node) => node.id)).toEqual([1, 3]);
    expect(topLevelDepartments([dept(4, 'line1', 2, 1)]).map((node) => node.id)).toEqual([4]);
  });

  it('gives TreeSelect nested options', () => {
    const [plant] = treeSelectData(NODES);
    expect(plant).toMatchObject({ value: 1, title: 'plant', children: [{ value: 2, title: 'hall', children: [{ value: 4 }, { value: 5 }] }] });
  });
});
