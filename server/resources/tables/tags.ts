import type { ResourceTable } from '../resourceTable';

export const tagTable: ResourceTable = {
  table: 'tags',
  columns: { name: 'name', color: 'color' },
  search: ['name'],
  unique: ['name'],
  orderBy: ['name', 'id'],
};
