import { Table } from 'antd';
import type { InspectedSheet } from '@shared/powerImports/api';
import styles from './powerImports.module.css';

/** The file's first rows as read (cells as text), under the headers the mapping picks from. */
export function SheetTable({ sheet }: { sheet: InspectedSheet | undefined }) {
  if (!sheet) return null;
  const rows = sheet.rows.slice(1).map((cells, index) => ({ key: index, cells }));
  return (
    <Table
      size="small"
      className={styles.sheet}
      data-testid="mapping-sheet-table"
      pagination={false}
      // The file's own columns: as many as it has, so this one table may scroll sideways.
      scroll={{ x: 'max-content', y: 200 }}
      dataSource={rows}
      columns={sheet.columns.map((column) => ({
        key: column.index,
        title: column.name,
        render: (_: unknown, row: { cells: string[] }) => row.cells[column.index] ?? '',
      }))}
    />
  );
}
