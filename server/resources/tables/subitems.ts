import type { ResourceTable } from '../resourceTable';

export const subitemTable: ResourceTable = {
  table: 'subitems',
  columns: { code: 'code', name: 'name', parentId: 'parent_id', sort: 'sort' },
  search: ['code', 'name'],
  unique: ['code'],
  references: { parentId: 'subitems' },
  orderBy: ['sort', 'id'],
};
