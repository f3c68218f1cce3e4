import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@shared/schemas/roles';
import { useNotify } from '../../feedback/notify';
import { Permission, usePermission } from '../../permissions/Permission';
import { RoleAuthDialog } from './RoleAuthDialog';
import { RoleDialog } from './RoleDialog';
import { ROLES_MENU } from './roleMenus';
import { RolesController } from './RolesController';
import { useMemberOptions } from './useMemberOptions';
import { useRoleApis } from './useRoleApis';

type Editing = { role: RoleRow | null } | null;

/** Typed member ids (no user list to pick from) are kept when they are whole numbers. */
const userIds = (values: (string | number)[]): number[] => values.map(Number).filter((id) => Number.isInteger(id) && id > 0);

/** /settings/roles: roles filtered by type and members; create, update, delete, and the menus a role holds. */
export const RolesPage = observer(function RolesPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { roles } = useRoleApis();
  const [controller] = useState(() => new RolesController(roles));
  const [editing, setEditing] = useState<Editing>(null);
  const [authorizing, setAuthorizing] = useState<RoleRow | null>(null);
  const members = useMemberOptions();
  const can = usePermission(ROLES_MENU);
  const { list } = controller;
  useEffect(() => void controller.load(), [controller]);

  const memberName = (id: number) => members.find((option) => option.value === id)?.label ?? `#${id}`;
  const remove = async (role: RoleRow) => {
    if (await controller.remove(role._id)) notify.success(t('roles.deleted', { name: role.name }));
  };
  const removeSelected = async () => {
    const count = controller.selected.length;
    if (await controller.removeSelected()) notify.success(t('roles.batchDeleted', { count }));
  };

  const columns: TableColumnsType<RoleRow> = [
    {
      key: 'name',
      title: t('roles.name'),
      render: (_: unknown, role) => (
        <Flex gap={6} align="center">
          <Typography.Text strong>{role.name}</Typography.Text>
          {role.isDefault && <Tag color="green">{t('roles.default')}</Tag>}
        </Flex>
      ),
    },
    { key: 'type', title: t('roles.type'), width: 170, render: (_: unknown, role) => <Tag color={role.type === 0 ? 'gold' : 'blue'}>{t(`roles.type${role.type === 0 ? 0 : 1}`)}</Tag> },
    { key: 'description', dataIndex: 'description', title: t('roles.description'), ellipsis: true },
    {
      key: 'users',
      title: t('roles.members'),
      render: (_: unknown, role) =>
        role.users.length ? (
          <Typography.Text title={role.users.map(memberName).join(', ')}>{t('roles.memberCount', { count: role.users.length })}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { key: 'routers', title: t('roles.menus'), width: 110, align: 'right', render: (_: unknown, role) => role.routers.length },
    {
      key: 'actions',
      title: t('roles.actions'),
      width: 260,
      render: (_: unknown, role) => (
        <Flex gap={4} wrap>
          <Permission menu={ROLES_MENU} button="edit">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ role })} data-testid={`role-edit-${role._id}`}>
              {t('roles.edit')}
            </Button>
          </Permission>
          <Permission menu={ROLES_MENU} button="auth">
            <Button type="link" size="small" icon={<SafetyCertificateOutlined />} onClick={() => setAuthorizing(role)} data-testid={`role-auth-${role._id}`}>
              {t('roles.assignMenus')}
            </Button>
          </Permission>
          <Permission menu={ROLES_MENU} button="delete">
            <Popconfirm
              title={t('roles.deleteConfirm', { name: role.name })}
              okText={t('roles.delete')}
              cancelText={t('roles.cancel')}
              okButtonProps={{ danger: true, 'data-testid': `role-delete-confirm-${role._id}` }}
              onConfirm={() => remove(role)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`role-delete-${role._id}`}>
                {t('roles.delete')}
              </Button>
            </Popconfirm>
          </Permission>
        </Flex>
      ),
    },
  ];

  return (
    <Card size="small" title={t('roles.title')} data-testid="roles-page">
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Select<number | undefined>
          allowClear
          style={{ width: 200 }}
          placeholder={t('roles.filterType')}
          value={list.filters.type}
          onChange={(value) => void list.setFilter('type', value)}
          options={[
            { value: 0, label: t('roles.type0') },
            { value: 1, label: t('roles.type1') },
          ]}
          data-testid="roles-filter-type"
        />
        <Select<(string | number)[]>
          mode={members.length ? 'multiple' : 'tags'}
          allowClear
          style={{ minWidth: 260 }}
          placeholder={t(members.length ? 'roles.filterUsers' : 'roles.filterUserIds')}
          value={list.filters.users ?? []}
          options={members}
          optionFilterProp="label"
          onChange={(values) => void list.setFilter('users', userIds(values).length ? userIds(values) : undefined)}
          data-testid="roles-filter-users"
        />
        <Button icon={<ReloadOutlined />} onClick={() => void controller.load()}>
          {t('roles.refresh')}
        </Button>
        <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
          <Permission menu={ROLES_MENU} button="delete">
            <Popconfirm
              title={t('roles.batchDeleteConfirm', { count: controller.selected.length })}
              okText={t('roles.delete')}
              cancelText={t('roles.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'roles-batch-delete-confirm' }}
              onConfirm={removeSelected}
              disabled={!controller.selected.length}
            >
              <Button danger icon={<DeleteOutlined />} disabled={!controller.selected.length} loading={controller.busy} data-testid="roles-batch-delete">
                {t('roles.batchDelete')}
              </Button>
            </Popconfirm>
          </Permission>
          <Permission menu={ROLES_MENU} button="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })} data-testid="roles-add">
              {t('roles.add')}
            </Button>
          </Permission>
        </Flex>
      </Flex>
      <Table<RoleRow>
        rowKey="_id"
        size="middle"
        loading={list.loading || controller.busy}
        columns={columns}
        dataSource={list.rows}
        scroll={{ x: 'max-content' }}
        rowSelection={can('delete') ? { selectedRowKeys: controller.selected, onChange: (keys) => controller.select(keys.map(Number)) } : undefined}
        onRow={(role) => ({ 'data-testid': `role-row-${role._id}` }) as object}
        pagination={{
          current: list.page,
          pageSize: list.size,
          total: list.total,
          showSizeChanger: true,
          showTotal: (total) => t('roles.total', { total }),
          onChange: (page, size) => void list.setPage(page, size),
        }}
        locale={{ emptyText: t('roles.empty') }}
        data-testid="roles-table"
      />
      {editing && <RoleDialog controller={controller} role={editing.role} onClose={() => setEditing(null)} />}
      {authorizing && (
        <RoleAuthDialog
          role={authorizing}
          onClose={() => setAuthorizing(null)}
          onSaved={() => {
            setAuthorizing(null);
            void controller.load();
          }}
        />
      )}
    </Card>
  );
});
