import { makeAutoObservable, runInAction } from 'mobx';
import type { DepartmentNode } from '@shared/resources';

export interface DepartmentTreeNode extends DepartmentNode {
  children: DepartmentTreeNode[];
  /** Meters on this department and everything below it. */
  totalMeters: number;
}

/** Builds the nested tree from the flat list (parents before children is not assumed). */
export function buildDepartmentTree(nodes: readonly DepartmentNode[]): DepartmentTreeNode[] {
  const byId = new Map<number, DepartmentTreeNode>(nodes.map((node) => [node.id, { ...node, children: [], totalMeters: 0 }]));
  const roots: DepartmentTreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const total = (node: DepartmentTreeNode): number => (node.totalMeters = node.meterCount + node.children.reduce((sum, child) => sum + total(child), 0));
  roots.forEach(total);
  return roots;
}

/** The department tree screen: the tree and the chosen department (headless). */
export class DepartmentTreeController {
  nodes: DepartmentNode[] = [];
  selectedId: number | undefined = undefined;
  loading = false;

  constructor(private readonly fetchTree: () => Promise<DepartmentNode[]>) {
    makeAutoObservable<DepartmentTreeController, 'fetchTree'>(this, { fetchTree: false }, { autoBind: true });
  }

  get tree(): DepartmentTreeNode[] {
    return buildDepartmentTree(this.nodes);
  }

  get selected(): DepartmentNode | undefined {
    return this.nodes.find((node) => node.id === this.selectedId);
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const nodes = await this.fetchTree();
      runInAction(() => {
        this.nodes = nodes;
        if (this.selectedId === undefined || !nodes.some((n) => n.id === this.selectedId)) this.selectedId = nodes[0]?.id;
      });
    } catch {
      // The api hook showed the message.
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  select(id: number | undefined): void {
    this.selectedId = id;
  }
}
