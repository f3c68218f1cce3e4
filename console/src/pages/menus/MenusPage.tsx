import { CheckOutlined, DeleteOutlined, EditOutlined, NodeExpandOutlined, PlusOutlined, ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouterEntry } from '@shared/schemas/router';
import { createRoutersApi } from '@shared/api/routersApi';
import { useNotify } from '../../feedback/notify';
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

const rows = (nodes: AuthNode[]): MenuRow[] => nodes.map((node) => ({ key: node.key, entry: node.entry, ...(node.children.length ? { children: rows(node.children) } : {}) }));

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
    if (result) notify.success(result.created.length ? t('menus.generated', { count: result.created.length }) : t('menus.generatedNone'), result.created.slice(0, 10).join(', '));
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
    { key: 'path', title: t('menus.path'), render: (_: unknown, { entry }) => <Typography.Text code>{entry.path}</Typography.Text> },
    { key: 'fullpath', title: t('menus.fullpath'), render: (_: unknown, { entry }) => entry.fullpath },
    { key: 'level', title: t('menus.level'), width: 70, align: 'right', render: (_: unknown, { entry }) => entry.level },
    {
      key: 'type',
      title: t('menus.type'),
      width: 90,
      render: (_: unknown, { entry }) => <Tag color={entry.type === 'button' ? 'blue' : 'default'}>{t(entry.type === 'button' ? 'menus.typeButton' : 'menus.typeMenu')}</Tag>,
    },
    { key: 'icon', title: t('menus.icon'), render: (_: unknown, { entry }) => entry.icon ?? '' },
    { key: 'sort', title: t('menus.sort'), width: 70, align: 'right', render: (_: unknown, { entry }) => entry.sort },
    { key: 'hidden', title: t('menus.hidden'), width: 80, align: 'center', render: (_: unknown, { entry }) => flagMark(entry.hidden) },
    { key: 'noRole', title: t('menus.noRole'), width: 110, align: 'center', render: (_: unknown, { entry }) => flagMark(entry.noRole) },
    {
      key: 'actions',
      title: t('menus.actions'),
      width: 250,
      render: (_: unknown, { entry }) => (
        <Flex gap={4} wrap>
          {entry.type === 'menu' && (
            <AdminOnly>
              <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'add', parent: entry })} data-testid={`menu-add-child-${entry._id}`}>
                {t('menus.addChild')}
              </Button>
            </AdminOnly>
          )}
          <AdminOnly>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ kind: 'edit', entry })} data-testid={`menu-edit-${entry._id}`}>
              {t('menus.edit')}
            </Button>
          </AdminOnly>
          <AdminOnly>
            <Popconfirm
              title={t(entry.children.length || controller.entries.some((other) => other.parent === entry._id) ? 'menus.deleteWithChildren' : 'menus.deleteConfirm', { path: entry.fullpath })}
              okText={t('menus.delete')}
              cancelText={t('menus.cancel')}
              okButtonProps={{ danger: true, 'data-testid': `menu-delete-confirm-${entry._id}` }}
              onConfirm={() => remove(entry)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`menu-delete-${entry._id}`}>
                {t('menus.delete')}
              </Button>
            </Popconfirm>
          </AdminOnly>
        </Flex>
      ),
    },
  ];

  const allOpen = controller.expanded.length > 0;
  return (
    <Card size="small" title={t('menus.pageTitle')} data-testid="menus-page">
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Button icon={<NodeExpandOutlined />} onClick={() => controller.expandAll(!allOpen)} data-testid="menus-expand-all">
          {t(allOpen ? 'menus.collapseAll' : 'menus.expandAll')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void controller.load()}>
          {t('menus.refresh')}
        </Button>
        <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
          <AdminOnly>
            <Button icon={<ThunderboltOutlined />} loading={controller.busy} onClick={() => void generate()} data-testid="menus-generate">
              {t('menus.generate')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'add', parent: null })} data-testid="menus-add">
              {t('menus.add')}
            </Button>
          </AdminOnly>
        </Flex>
      </Flex>
      <Table<MenuRow>
        size="middle"
        loading={controller.loading || controller.busy}
        columns={columns}
        dataSource={data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: controller.expanded, onExpandedRowsChange: (keys) => controller.setExpanded(keys.map(Number)) }}
        onRow={(row) => ({ 'data-testid': `menu-row-${row.key}` }) as object}
        locale={{ emptyText: t('menus.empty') }}
        data-testid="menus-tree"
      />
      {editing && <MenuDialog controller={controller} editing={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
});
