import { DeleteOutlined, EditOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Flex, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@shared/schemas/roles';
import { useNotify } from '../../feedback/notify';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { usePermission } from '../../permissions/Permission';
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
  const gate = { menu: ROLES_MENU };
  const remove = async (role: RoleRow) => {
    if (await controller.remove(role._id)) notify.success(t('roles.deleted', { name: role.name }));
  };
  const removeSelected = async () => {
    const count = list.selected.length;
    if (await controller.removeSelected()) notify.success(t('roles.batchDeleted', { count }));
  };

  const columns: TableColumnsType<RoleRow> = [
    {
      key: 'name',
      title: t('roles.name'),
      render: (_: unknown, role) => (
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{role.name}</Typography.Text>
          {role.isDefault && <Tag color="green">{t('roles.default')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'type',
      title: t('roles.type'),
      width: 170,
      render: (_: unknown, role) => <Tag color={role.type === 0 ? 'gold' : 'blue'}>{t(`roles.type${role.type === 0 ? 0 : 1}`)}</Tag>,
    },
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
      render: (_: unknown, role) => (
        <RowActions
          gate={gate}
          actions={[
            { button: 'edit', label: t('roles.edit'), icon: <EditOutlined />, onClick: () => setEditing({ role }), testId: `role-edit-${role._id}` },
            {
              button: 'auth',
              label: t('roles.assignMenus'),
              icon: <SafetyCertificateOutlined />,
              onClick: () => setAuthorizing(role),
              testId: `role-auth-${role._id}`,
            },
            {
              button: 'delete',
              label: t('roles.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              confirm: t('roles.deleteConfirm', { name: role.name }),
              onClick: () => void remove(role),
              testId: `role-delete-${role._id}`,
              confirmTestId: `role-delete-confirm-${role._id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card size="small" title={t('roles.title')} data-testid="roles-page">
      <ListToolbar
        list={list}
        gate={gate}
        testId="roles"
        onAdd={() => setEditing({ role: null })}
        addLabel={t('roles.add')}
        onBatchDelete={removeSelected}
        batchDeleteConfirm={(count) => t('roles.batchDeleteConfirm', { count })}
        filters={
          <>
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
          </>
        }
      />
      <ListTable<RoleRow>
        list={list}
        rowKey="_id"
        columns={columns}
        selectable={can('delete')}
        rowAttributes={(role) => ({ 'data-testid': `role-row-${role._id}` })}
        totalText={(total) => t('roles.total', { total })}
        emptyText={t('roles.empty')}
        testId="roles-table"
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
