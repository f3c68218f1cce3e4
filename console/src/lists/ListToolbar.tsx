import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popconfirm } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { searchBoxWidth } from './fitWidth';
import { Gate, type ButtonGate } from './Gate';
import styles from './lists.module.css';
import type { PagedRows } from './PagedRows';

interface ListToolbarProps {
  /** A PagedQuery, or any list with a load() (a tree): search and batch delete need the rest. */
  list: Pick<PagedRows<unknown>, 'loading' | 'load'> & Partial<Pick<PagedRows<unknown>, 'busy' | 'selected' | 'keyword' | 'search'>>;
  /** Who may add and delete: `<menu>/add|delete` button permissions, or administrators only; without it neither shows. */
  gate?: ButtonGate;
  /** Test ids: `<testId>-refresh|search|add|batch-delete|batch-delete-confirm`. */
  testId: string;
  /** Filter inputs, left of the search box. */
  filters?: ReactNode;
  /** A keyword search box (the list's `keyword` filter) with this placeholder; the box widens to keep it whole. */
  searchPlaceholder?: string;
  /** Shows the add button (under the `add` permission). */
  onAdd?(): void;
  addLabel?: string;
  /** Shows the batch delete button (under the `delete` permission) for the ticked rows. */
  onBatchDelete?(): Promise<unknown> | void;
  /** The confirm question; the kit's "Delete the N selected entries?" when left out. */
  batchDeleteConfirm?(count: number): string;
  /** Other actions of the screen (each wrapped in its own <Permission> by the screen). */
  actions?: ReactNode;
  /** Import/export buttons. */
  exports?: ReactNode;
}

/**
 * The row above a list: filters, keyword search and refresh on the left; the screen's actions, the export
 * slot, batch delete and add on the right. Add and delete show only with their permission; the server
 * refuses the calls anyway.
 */
export const ListToolbar = observer(function ListToolbar(props: ListToolbarProps) {
  const { list, gate, testId, filters, searchPlaceholder, onAdd, addLabel, onBatchDelete, batchDeleteConfirm, actions, exports } = props;
  const { t } = useTranslation();
  const count = list.selected?.length ?? 0;
  return (
    <Flex gap={8} wrap align="center" className={styles.toolbar} data-testid={`${testId}-toolbar`}>
      {filters}
      {searchPlaceholder !== undefined && (
        <Input.Search
          allowClear
          style={{ width: searchBoxWidth(searchPlaceholder) }}
          placeholder={searchPlaceholder}
          defaultValue={list.keyword}
          onSearch={(keyword) => void list.search?.(keyword)}
          data-testid={`${testId}-search`}
        />
      )}
      <Button icon={<ReloadOutlined />} loading={list.loading} onClick={() => void list.load()} data-testid={`${testId}-refresh`}>
        {t('lists.refresh')}
      </Button>
      <Flex gap={8} wrap className={styles.toolbarEnd}>
        {actions}
        {exports}
        {onBatchDelete && gate && (
          <Gate gate={gate} button="delete">
            <Popconfirm
              title={batchDeleteConfirm ? batchDeleteConfirm(count) : t('lists.batchDeleteConfirm', { count })}
              okText={t('lists.delete')}
              cancelText={t('lists.cancel')}
              okButtonProps={{ danger: true, 'data-testid': `${testId}-batch-delete-confirm` }}
              onConfirm={() => onBatchDelete()}
              disabled={!count}
            >
              <Button danger icon={<DeleteOutlined />} disabled={!count} loading={list.busy} data-testid={`${testId}-batch-delete`}>
                {t('lists.batchDelete')}
              </Button>
            </Popconfirm>
          </Gate>
        )}
        {onAdd && gate && (
          <Gate gate={gate} button="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={`${testId}-add`}>
              {addLabel ?? t('lists.add')}
            </Button>
          </Gate>
        )}
      </Flex>
    </Flex>
  );
});
