import { CheckOutlined, DeleteOutlined, EditOutlined, NodeExpandOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouterEntry } from '@shared/schemas/router';
import { createRoutersApi } from '@shared/api/routersApi';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { AdminOnly } from '../../permissions/AdminOnly';
import { useStores } from '../../stores/StoreContext';
import type { AuthNode } from '../roles/authTree';
import { entryTitle } from './entryTitle';
import { MenuDialog, type MenuEditing } from './MenuDialog';
import { MenusController } from './MenusController';

interface MenuRow {
  key: number;
  entry: RouterEntry;
  children?: MenuRow[];
}

const rows = (nodes: AuthNode[]): MenuRow[] =>
  nodes.map((node) => ({ key: node.key, entry: node.entry, ...(node.children.length ? { children: rows(node.children) } : {}) }));

const flagMark = (on: boolean) => (on ? <CheckOutlined style={{ color: '#409EFF' }} /> : <Typography.Text type="secondary">—</Typography.Text>);

/** /settings/router: the router entries as a tree; add (top level or child), edit, delete, and generate missing ones. */
export const MenusPage = observer(function MenusPage() {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const [controller] = useState(() => new MenusController(createRoutersApi(root.http)));
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  useEffect(() => void controller.load(), [controller]);
  const data = useMemo(() => rows(controller.tree), [controller.tree]);

  const generate = async () => {
    const result = await controller.generate();
    if (result)
      notify.success(
        result.created.length ? t('menus.generated', { count: result.created.length }) : t('menus.generatedNone'),
        result.created.slice(0, 10).join(', '),
      );
  };
  const remove = async (entry: RouterEntry) => {
    if (await controller.remove(entry._id)) notify.success(t('menus.deleted', { path: entry.fullpath }));
  };

  const columns: TableColumnsType<MenuRow> = [
    {
      key: 'title',
      title: t('menus.title'),
      render: (_: unknown, { entry }) => <span data-testid={`menu-title-${entry._id}`}>{entryTitle(t, entry)}</span>,
    },
    {
      key: 'path',
      title: t('menus.path'),
      // The full path under the path: one column less, so the tree fits a 1366 px screen.
      render: (_: unknown, { entry }) => (
        <div>
          <Typography.Text code>{entry.path}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, wordBreak: 'break-all' }} title={t('menus.fullpath')}>
            {entry.fullpath}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'level', title: t('menus.level'), align: 'right', render: (_: unknown, { entry }) => entry.level },
    {
      key: 'type',
      title: t('menus.type'),
      render: (_: unknown, { entry }) => (
        <Tag color={entry.type === 'button' ? 'blue' : 'default'}>{t(entry.type === 'button' ? 'menus.typeButton' : 'menus.typeMenu')}</Tag>
      ),
    },
    { key: 'icon', title: t('menus.icon'), render: (_: unknown, { entry }) => <CutText text={entry.icon} maxWidth={140} /> },
    { key: 'sort', title: t('menus.sort'), align: 'right', render: (_: unknown, { entry }) => entry.sort },
    { key: 'hidden', title: t('menus.hidden'), align: 'center', render: (_: unknown, { entry }) => flagMark(entry.hidden) },
    { key: 'noRole', title: t('menus.noRole'), align: 'center', render: (_: unknown, { entry }) => flagMark(entry.noRole) },
    {
      key: 'actions',
      title: t('menus.actions'),
      render: (_: unknown, { entry }) => (
        <RowActions
          gate="admin"
          actions={[
            entry.type === 'menu' && {
              button: 'add',
              label: t('menus.addChild'),
              icon: <PlusOutlined />,
              onClick: () => setEditing({ kind: 'add', parent: entry }),
              testId: `menu-add-child-${entry._id}`,
            },
            {
              button: 'edit',
              label: t('menus.edit'),
              icon: <EditOutlined />,
              onClick: () => setEditing({ kind: 'edit', entry }),
              testId: `menu-edit-${entry._id}`,
            },
            {
              button: 'delete',
              label: t('menus.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              confirm: t(
                entry.children.length || controller.entries.some((other) => other.parent === entry._id) ? 'menus.deleteWithChildren' : 'menus.deleteConfirm',
                { path: entry.fullpath },
              ),
              confirmTestId: `menu-delete-confirm-${entry._id}`,
              onClick: () => void remove(entry),
              testId: `menu-delete-${entry._id}`,
            },
          ]}
        />
      ),
    },
  ];

  const allOpen = controller.expanded.length > 0;
  return (
    <Card size="small" title={t('menus.pageTitle')} data-testid="menus-page">
      <ListToolbar
        list={controller}
        gate="admin"
        testId="menus"
        onAdd={() => setEditing({ kind: 'add', parent: null })}
        addLabel={t('menus.add')}
        filters={
          <Button icon={<NodeExpandOutlined />} onClick={() => controller.expandAll(!allOpen)} data-testid="menus-expand-all">
            {t(allOpen ? 'menus.collapseAll' : 'menus.expandAll')}
          </Button>
        }
        actions={
          <AdminOnly>
            <Button icon={<ThunderboltOutlined />} loading={controller.busy} onClick={() => void generate()} data-testid="menus-generate">
              {t('menus.generate')}
            </Button>
          </AdminOnly>
        }
      />
      <ListTable<MenuRow>
        rows={data}
        loading={controller.loading || controller.busy}
        columns={columns}
        expandable={{ expandedRowKeys: controller.expanded, onExpandedRowsChange: (keys) => controller.setExpanded(keys.map(Number)) }}
        rowAttributes={(row) => ({ 'data-testid': `menu-row-${row.key}` })}
        emptyText={t('menus.empty')}
        testId="menus-tree"
      />
      {editing && <MenuDialog controller={controller} editing={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
});
