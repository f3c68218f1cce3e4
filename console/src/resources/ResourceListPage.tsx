import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createResourceApi, type ResourceDefinition, type ResourceRow } from '@shared/resources';
import { useNotify } from '../feedback/notify';
import { useStores } from '../stores/StoreContext';
import { renderCell } from './ResourceCell';
import { ResourceFilters } from './ResourceFilters';
import { ResourceFormDialog } from './ResourceFormDialog';
import { ResourceListController } from './ResourceListController';
import { ResourceOptions } from './ResourceOptions';
import { fieldLabel } from './resourceTexts';

interface ResourceListPageProps {
  definition: ResourceDefinition;
  /** Filters fixed by the screen (e.g. the department chosen in a tree), always sent and not shown. */
  fixedFilters?: Record<string, unknown>;
  title?: string;
  /** Columns to leave out where the screen is narrow (the tree screen's meter list). */
  hiddenColumns?: readonly string[];
  /** Screen-specific actions per row (links, dialogs), shown in the actions column before edit and delete. */
  rowActions?: (row: ResourceRow) => ReactNode;
}

/** The list screen of any resource: server paging, filters, search, and the buttons the role grants. */
export const ResourceListPage = observer(function ResourceListPage({ definition, fixedFilters = {}, title, hiddenColumns = [], rowActions }: ResourceListPageProps) {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const api = useMemo(() => createResourceApi(root.http, definition), [root.http, definition]);
  const [list] = useState(() => new ResourceListController(api, fixedFilters));
  const [options] = useState(() => new ResourceOptions(root.http));
  const [editing, setEditing] = useState<{ record?: ResourceRow } | null>(null);
  const can = (button: 'add' | 'edit' | 'delete') => root.permission.hasButton(definition.menu, button);

  useEffect(() => {
    void list.load();
    void options.load([...definition.fields, ...definition.listFilters]);
  }, [list, options, definition]);

  const remove = async (ids: number[]) => {
    if (await list.remove(ids)) notify.success(t('resources.actions.deleted'));
  };

  const columns: TableColumnsType<ResourceRow> = [
    ...definition.fields
      .filter((field) => !field.hideInList && !(field.name in fixedFilters) && !hiddenColumns.includes(field.name))
      .map((field) => ({ key: field.name, dataIndex: field.name, title: fieldLabel(t, field.name), render: (value: unknown) => renderCell(t, field, value, options) })),
  ];
  if (rowActions || can('edit') || can('delete')) {
    columns.push({
      key: 'actions',
      title: t('resources.actions.actions'),
      fixed: 'right',
      ...(rowActions ? {} : { width: 150 }),
      render: (_: unknown, row) => (
        <Space size={0}>
          {rowActions?.(row)}
          {can('edit') && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ record: row })} data-testid={`resource-edit-${row.id}`}>
              {t('resources.actions.edit')}
            </Button>
          )}
          {can('delete') && (
            <Popconfirm title={t('resources.actions.confirmDelete')} onConfirm={() => remove([row.id])} okText={t('resources.actions.delete')} cancelText={t('resources.actions.cancel')} okButtonProps={{ danger: true, 'data-testid': 'resource-delete-confirm' }}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`resource-delete-${row.id}`}>
                {t('resources.actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const saved = () => {
    setEditing(null);
    void list.load();
    void options.load(definition.fields, true);
  };

  return (
    <Card title={title} data-testid={`resource-list-${definition.name}`}>
      <Flex justify="space-between" align="start" gap={12} wrap style={{ marginBottom: 16 }}>
        <ResourceFilters definition={definition} list={list} options={options} hidden={Object.keys(fixedFilters)} />
        <Space>
          {can('delete') && list.selected.length > 0 && (
            <Popconfirm title={t('resources.actions.confirmDeleteMany', { count: list.selected.length })} onConfirm={() => remove(list.selected)} okText={t('resources.actions.delete')} cancelText={t('resources.actions.cancel')} okButtonProps={{ danger: true }}>
              <Button danger icon={<DeleteOutlined />} data-testid="resource-batch-delete">{t('resources.actions.deleteSelected')}</Button>
            </Popconfirm>
          )}
          {can('add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="resource-add">
              {t('resources.actions.add')}
            </Button>
          )}
        </Space>
      </Flex>
      <Table<ResourceRow>
        rowKey="id"
        size="middle"
        data-testid="resource-table"
        loading={list.loading || options.loading}
        columns={columns}
        dataSource={list.rows}
        scroll={{ x: 'max-content' }}
        {...(can('delete') ? { rowSelection: { selectedRowKeys: list.selected, onChange: (keys) => list.select(keys as number[]) } } : {})}
        pagination={{ current: list.page, pageSize: list.size, total: list.total, showSizeChanger: true, showTotal: (total) => t('resources.actions.total', { total }), onChange: (page, size) => void list.setPage(page, size) }}
      />
      {editing && <ResourceFormDialog definition={definition} api={api} options={options} {...(editing.record ? { record: editing.record } : {})} onClose={() => setEditing(null)} onSaved={saved} />}
    </Card>
  );
});
