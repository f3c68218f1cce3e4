import { describe, expect, it } from 'vitest';
import type { DepartmentNode } from '@shared/resources';
import { defaultItems } from './scopeItems';

const dept = (id: number, parentId: number | null, sort: number): DepartmentNode => ({
  id,
  name: `d${id}`,
  code: `D${id}`,
  parentId,
  level: 1,
  sort,
  meterCount: 0,
});

describe('default items of the basic statistics', () => {
  it('compares the top-level departments until the operator picks', () => {
    expect(defaultItems('department', [dept(3, 1, 1), dept(2, null, 2), dept(1, null, 1)], [])).toEqual([1, 2]);
  });
  it('takes the first five sub-items or meters', () => {
    const options = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: `m${id}` }));
    expect(defaultItems('meter', [], options)).toEqual([1, 2, 3, 4, 5]);
    expect(defaultItems('subitem', [], [])).toEqual([]);
  });
});
