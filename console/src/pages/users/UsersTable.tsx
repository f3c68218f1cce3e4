import { DeleteOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { UserRow } from '@shared/schemas/userAdmin';
import type { UsersList } from './useUsersList';

/** Which row buttons the role grants (spec §6: hidden unless admin or the button's menu entry is held). */
export interface RowButtons {
  edit: boolean;
  delete: boolean;
  password: boolean;
}

interface UsersTableProps {
  list: UsersList;
  can: RowButtons;
  /** The signed-in user: never deleted from here (the server refuses it too). */
  selfId: number | null;
  onEdit(row: UserRow): void;
  onPassword(row: UserRow): void;
  onDeleted(count: number): void;
}

export function UsersTable({ list, can, selfId, onEdit, onPassword, onDeleted }: UsersTableProps) {
  const { t } = useTranslation();
  const remove = async (id: number) => {
    if (await list.remove([id])) onDeleted(1);
  };
  const columns: TableColumnsType<UserRow> = [
    { key: 'username', dataIndex: 'username', title: t('users.fields.username') },
    { key: 'trueName', dataIndex: 'trueName', title: t('users.fields.trueName') },
    { key: 'email', dataIndex: 'email', title: t('users.fields.email') },
    { key: 'roles', title: t('users.fields.roles'), render: (_, row) => row.roles.map((role) => <Tag key={role._id}>{role.name}</Tag>) },
    { key: 'type', title: t('users.fields.type'), render: (_, row) => t(row.type === 0 ? 'users.types.top' : 'users.types.sub') },
    { key: 'status', title: t('users.fields.status'), render: (_, row) => <Tag color={row.status ? 'success' : 'default'}>{t(row.status ? 'users.states.enabled' : 'users.states.disabled')}</Tag> },
    { key: 'createdAt', title: t('users.fields.createdAt'), render: (_, row) => formatDateTime(row.createdAt) },
  ];
  if (can.edit || can.delete || can.password) {
    columns.push({
      key: 'actions',
      title: t('users.fields.actions'),
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {can.edit && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(row)} data-testid={`user-edit-${row._id}`}>
              {t('users.actions.edit')}
            </Button>
          )}
          {can.password && (
            <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => onPassword(row)} data-testid={`user-password-${row._id}`}>
              {t('users.actions.password')}
            </Button>
          )}
          {can.delete && (
            <Popconfirm title={t('users.actions.confirmDelete')} onConfirm={() => remove(row._id)} okText={t('users.actions.delete')} cancelText={t('users.actions.cancel')} okButtonProps={{ danger: true, 'data-testid': 'user-delete-confirm' }}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={row._id === selfId} data-testid={`user-delete-${row._id}`}>
                {t('users.actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }
  return (
    <Table<UserRow>
      rowKey="_id"
      size="middle"
      data-testid="users-table"
      loading={list.loading}
      columns={columns}
      dataSource={list.rows}
      // A row's `children` are ids (spec §3), not nested rows: keep antd from drawing a tree of them.
      expandable={{ childrenColumnName: 'noNestedRows' }}
      scroll={{ x: 'max-content' }}
      {...(can.delete ? { rowSelection: { selectedRowKeys: list.selected, onChange: (keys) => list.select(keys as number[]), getCheckboxProps: (row: UserRow) => ({ disabled: row._id === selfId }) } } : {})}
      pagination={{ current: list.page, pageSize: list.size, total: list.total, showSizeChanger: true, showTotal: (total) => t('users.actions.total', { total }), onChange: (page, size) => list.setPage(page, size) }}
    />
  );
}
