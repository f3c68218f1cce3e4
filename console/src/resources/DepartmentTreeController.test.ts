import { describe, expect, it } from 'vitest';
import { buildDepartmentTree, DepartmentTreeController } from './DepartmentTreeController';

const node = (id: number, parentId: number | null, meterCount: number) => ({ id, parentId, meterCount, name: `D${id}`, code: `D${id}`, level: 1, sort: 0 });

describe('department tree', () => {
  it('nests children under parents and sums meters per subtree', () => {
    const [root] = buildDepartmentTree([node(3, 2, 4), node(1, null, 1), node(2, 1, 2)]);
    expect(root?.id).toBe(1);
    expect(root?.totalMeters).toBe(7);
    expect(root?.children[0]?.children[0]?.id).toBe(3);
  });

  it('selects the first department after loading and keeps a valid choice', async () => {
    const controller = new DepartmentTreeController(async () => [node(1, null, 0), node(2, 1, 0)]);
    await controller.load();
    expect(controller.selected?.id).toBe(1);
    controller.select(2);
    await controller.load();
    expect(controller.selectedId).toBe(2);
  });
});
