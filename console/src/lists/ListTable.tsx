import { Button, Flex, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { observer } from 'mobx-react-lite';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import { CutText } from './CutText';
import styles from './lists.module.css';
import type { PagedRows } from './PagedRows';

type PassedTableProps<R> = Omit<TableProps<R>, 'columns' | 'dataSource' | 'loading' | 'pagination' | 'rowSelection' | 'onRow' | 'locale' | 'scroll'>;

export interface ListTableProps<R> extends PassedTableProps<R> {
  /** The paged list; without it the table shows `rows` unpaged (a tree such as the menus). */
  list?: PagedRows<R>;
  rows?: readonly R[];
  loading?: boolean;
  /** Without `list`: pages of this many rows in the browser (none: one unpaged table). */
  clientPageSize?: number;
  /** Without `list`: where the ticks are kept (a controller's own selection). */
  selection?: Pick<PagedRows<R>, 'selected' | 'select'>;
  columns: TableColumnsType<R>;
  /** The table's test id. */
  testId: string;
  /** Each row's test id (and any other row attributes). */
  rowAttributes?(row: R): Record<string, string>;
  /** What an empty list says; the kit's "No entries" when left out. */
  emptyText?: ReactNode;
  /** The total under the table; the kit's "{{total}} in total" when left out. */
  /** `total` as shown (thousands separated); `count` the number, for the catalogue's plural forms. */
  totalText?(total: string, count: number): string;
  /** Tick boxes for batch actions (kept in list.selected); a function says which rows may be ticked and their test ids. */
  selectable?: boolean | { disabled?(row: R): boolean; testId?(row: R): string };
  /** Last resort for a list that cannot fit: a horizontal scroll bar instead of squeezed columns. */
  scrollX?: boolean;
}

/**
 * The table of a list screen: server paging from the list, tick boxes for batch actions, the empty and
 * failed states, and columns that fit a 1366 px screen: no horizontal scroll by default (the columns share
 * the width and wrap), headers wrap, `ellipsis` columns cut with a tooltip, and a fixed column only when
 * the screen asks for a scroll bar (a fixed column over a scrolled table hides the ones under it).
 */
function ListTableView<R extends object>({
  list,
  rows,
  loading,
  clientPageSize,
  selection,
  columns,
  testId,
  rowAttributes,
  emptyText,
  totalText,
  selectable,
  scrollX,
  className,
  ...rest
}: ListTableProps<R>) {
  const { t } = useTranslation();
  const fitted = columns.map((column) => ({
    ...column,
    // A plain text column marked `ellipsis` is cut at its width with a tooltip rather than widening the table.
    ...(column.ellipsis === true && !column.render
      ? {
          ellipsis: false,
          render: (value: unknown) => (
            <CutText text={value == null ? '' : String(value)} maxWidth={typeof column.width === 'number' ? column.width : undefined} />
          ),
        }
      : {}),
    ...(scrollX ? {} : { fixed: undefined }),
  }));
  const failedNote = (
    <Flex vertical align="center" gap={8} className={styles.failed} data-testid={`${testId}-failed`}>
      <Typography.Text type="danger">{t('lists.loadFailed')}</Typography.Text>
      <Button size="small" onClick={() => void list?.load()}>
        {t('lists.retry')}
      </Button>
    </Flex>
  );
  const check = typeof selectable === 'object' ? selectable : {};
  const ticks = list ?? selection;
  return (
    <Table<R>
      size="middle"
      {...rest}
      className={[styles.table, className].filter(Boolean).join(' ')}
      data-testid={testId}
      columns={fitted}
      dataSource={list ? list.rows : rows}
      loading={list ? list.loading || list.busy : loading}
      tableLayout="auto"
      {...(scrollX ? { scroll: { x: 'max-content' } } : {})}
      onRow={rowAttributes ? (row) => rowAttributes(row) as object : undefined}
      locale={{ emptyText: list?.failed && list.rows.length === 0 ? failedNote : (emptyText ?? t('lists.empty')) }}
      {...(ticks && selectable
        ? {
            rowSelection: {
              selectedRowKeys: ticks.selected,
              onChange: (keys: Key[]) => ticks.select(keys.map(Number)),
              getCheckboxProps: (row: R) =>
                ({ disabled: check.disabled?.(row) ?? false, ...(check.testId ? { 'data-testid': check.testId(row) } : {}) }) as object,
            },
          }
        : {})}
      pagination={
        list
          ? {
              current: list.page,
              pageSize: list.size,
              total: list.total,
              showSizeChanger: true,
              showTotal: (total) => (totalText ? totalText(withThousands(total, 0), total) : t('lists.total', { total: withThousands(total, 0) })),
              onChange: (page, size) => void list.setPage(page, size),
            }
          : clientPageSize
            ? {
                // Uncontrolled, so a long list (more than 50 rows) can take antd's page size changer.
                defaultPageSize: clientPageSize,
                hideOnSinglePage: true,
                showTotal: (total) => (totalText ? totalText(withThousands(total, 0), total) : t('lists.total', { total: withThousands(total, 0) })),
              }
            : false
      }
    />
  );
}

export const ListTable = observer(ListTableView) as <R extends object>(props: ListTableProps<R>) => ReturnType<typeof ListTableView>;
