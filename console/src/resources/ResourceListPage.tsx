import { DeleteOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createResourceApi, type ResourceDefinition, type ResourceRow } from '@shared/resources';
import { useNotify } from '../feedback/notify';
import { ListTable } from '../lists/ListTable';
import { ListToolbar } from '../lists/ListToolbar';
import { RowActions } from '../lists/RowActions';
import { Permission } from '../permissions/Permission';
import { useStores } from '../stores/StoreContext';
import { ExportButton } from './ExportButton';
import { ImportDialog } from './ImportDialog';
import { ResourceCell } from './ResourceCell';
import { ResourceFilters } from './ResourceFilters';
import { ResourceFormDialog } from './ResourceFormDialog';
import { createResourceList } from './resourceList';
import { ResourceOptions } from './ResourceOptions';
import { fieldLabel, searchPlaceholder } from './resourceTexts';

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

/**
 * The list screen of any resource, on the list kit (console/src/lists): server paging, filters, search,
 * export of the filtered list, import, and the add/edit/delete/import buttons the role grants.
 */
export const ResourceListPage = observer(function ResourceListPage({
  definition,
  fixedFilters = {},
  title,
  hiddenColumns = [],
  rowActions,
}: ResourceListPageProps) {
  const root = useStores();
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const api = useMemo(() => createResourceApi(root.http, definition), [root.http, definition]);
  const [list] = useState(() => createResourceList(api, fixedFilters));
  const [options] = useState(() => new ResourceOptions(root.http));
  const [editing, setEditing] = useState<{ record?: ResourceRow } | null>(null);
  const [importing, setImporting] = useState(false);
  const gate = { menu: definition.menu };
  const can = (button: 'edit' | 'delete') => root.permission.hasButton(definition.menu, button);

  useEffect(() => {
    void list.load();
    void options.load([...definition.fields, ...definition.listFilters]);
  }, [list, options, definition]);

  const remove = async (ids: number[]) => {
    if (await list.change(() => api.remove(ids))) notify.success(t('resources.actions.deleted'));
  };

  const columns: TableColumnsType<ResourceRow> = definition.fields
    .filter((field) => !field.hideInList && !(field.name in fixedFilters) && !hiddenColumns.includes(field.name))
    .map((field) => ({
      key: field.name,
      dataIndex: field.name,
      title: fieldLabel(t, definition, field.name),
      render: (value: unknown) => <ResourceCell definition={definition} field={field} value={value} options={options} />,
    }));
  if (rowActions || can('edit') || can('delete')) {
    columns.push({
      key: 'actions',
      title: t('resources.actions.actions'),
      render: (_: unknown, row) => (
        // The screen's own actions and edit/delete share one line while the column has room, then wrap.
        <Flex wrap align="center">
          {rowActions?.(row)}
          <RowActions
            gate={gate}
            actions={[
              {
                button: 'edit',
                label: t('resources.actions.edit'),
                icon: <EditOutlined />,
                onClick: () => setEditing({ record: row }),
                testId: `resource-edit-${row.id}`,
              },
              {
                button: 'delete',
                label: t('resources.actions.delete'),
                icon: <DeleteOutlined />,
                danger: true,
                confirm: t('resources.actions.confirmDelete'),
                confirmTestId: 'resource-delete-confirm',
                onClick: () => void remove([row.id]),
                testId: `resource-delete-${row.id}`,
              },
            ]}
          />
        </Flex>
      ),
    });
  }

  const reload = () => {
    void list.load();
    void options.load(definition.fields, true);
  };

  return (
    <Card title={title} data-testid={`resource-list-${definition.name}`}>
      <ListToolbar
        list={list}
        gate={gate}
        testId="resource"
        searchPlaceholder={searchPlaceholder(t, definition, i18n.language)}
        filters={<ResourceFilters definition={definition} list={list} options={options} hidden={Object.keys(fixedFilters)} />}
        onAdd={() => setEditing({})}
        addLabel={t('resources.actions.add')}
        onBatchDelete={() => remove(list.selected)}
        batchDeleteConfirm={(count) => t('resources.actions.confirmDeleteMany', { count })}
        exports={
          <>
            <ExportButton definition={definition} api={api} query={() => ({ ...list.query, ...fixedFilters })} />
            <Permission menu={definition.menu} button="import">
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="resource-import">
                {t('resources.exchange.import')}
              </Button>
            </Permission>
          </>
        }
      />
      <ListTable<ResourceRow>
        list={list}
        rowKey="id"
        testId="resource-table"
        columns={columns}
        selectable={can('delete')}
        totalText={(total) => t('resources.actions.total', { total })}
        rowAttributes={(row) => ({ 'data-testid': `resource-row-${row.id}` })}
      />
      {editing && (
        <ResourceFormDialog
          definition={definition}
          api={api}
          options={options}
          {...(editing.record ? { record: editing.record } : {})}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {importing && <ImportDialog definition={definition} api={api} onClose={() => setImporting(false)} onImported={reload} />}
    </Card>
  );
});
