import { useMemo } from 'react';
import { fetchDepartmentTree, type DepartmentNode } from '@shared/resources';
import { useStores } from '../../../stores/StoreContext';
import { treeSelectData, type DepartmentTreeOption } from './departmentTree';
import { useEnergyQuery } from './useEnergyQuery';

export interface DepartmentTreeState {
  nodes: DepartmentNode[];
  options: DepartmentTreeOption[];
  loading: boolean;
}

/** The department tree (GET /api/departments/tree), fetched once per screen. */
export function useDepartmentTree(): DepartmentTreeState {
  const root = useStores();
  const { data, loading } = useEnergyQuery('tree', () => fetchDepartmentTree(root.http));
  return useMemo(() => {
    const nodes = data ?? [];
    return { nodes, options: treeSelectData(nodes), loading };
  }, [data, loading]);
}
