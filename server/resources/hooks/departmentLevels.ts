export interface DepartmentLink {
  id: number;
  name: string;
  parentId: number | null;
  level: number;
}

export interface LevelPlan {
  parent: DepartmentLink | undefined;
  /** The department's own level under the chosen parent. */
  level: number;
  /** The deepest level the department's subtree would reach. */
  deepest: number;
  /** The parent is the department itself or one of its descendants. */
  cycle: boolean;
  /** New levels of the descendants (id → level), when the department moves. */
  descendants: Map<number, number>;
}

/** Where a department (new when `id` is undefined) and its subtree would sit under `parentId`. */
export function departmentLevels(all: readonly DepartmentLink[], id: number | undefined, parentId: number | null): LevelPlan {
  const parent = parentId === null ? undefined : all.find((d) => d.id === parentId);
  const level = parent ? parent.level + 1 : 1;
  const descendants = new Map<number, number>();
  let deepest = level;
  let cycle = false;
  if (id !== undefined) {
    const walk = (nodeId: number, nodeLevel: number): void => {
      for (const child of all.filter((d) => d.parentId === nodeId)) {
        if (child.id === parentId) cycle = true;
        if (descendants.has(child.id)) continue;
        descendants.set(child.id, nodeLevel + 1);
        deepest = Math.max(deepest, nodeLevel + 1);
        walk(child.id, nodeLevel + 1);
      }
    };
    walk(id, level);
    if (parentId === id) cycle = true;
  }
  return { parent, level, deepest, cycle, descendants };
}
