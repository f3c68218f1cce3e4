import { DeleteOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import { Tag, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@shared/schemas/userAdmin';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { RowActions } from '../../lists/RowActions';
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
  onRemove(id: number): Promise<boolean>;
  onDeleted(count: number): void;
}

export const UsersTable = observer(function UsersTable({ list, can, selfId, onEdit, onPassword, onRemove, onDeleted }: UsersTableProps) {
  const { t } = useTranslation();
  const remove = async (id: number) => {
    if (await onRemove(id)) onDeleted(1);
  };
  const columns: TableColumnsType<UserRow> = [
    { key: 'username', dataIndex: 'username', title: t('users.fields.username') },
    { key: 'trueName', dataIndex: 'trueName', title: t('users.fields.trueName') },
    { key: 'email', dataIndex: 'email', title: t('users.fields.email') },
    { key: 'roles', title: t('users.fields.roles'), render: (_, row) => row.roles.map((role) => <Tag key={role._id}>{role.name}</Tag>) },
    { key: 'type', title: t('users.fields.type'), render: (_, row) => t(row.type === 0 ? 'users.types.top' : 'users.types.sub') },
    {
      key: 'status',
      title: t('users.fields.status'),
      render: (_, row) => <Tag color={row.status ? 'success' : 'default'}>{t(row.status ? 'users.states.enabled' : 'users.states.disabled')}</Tag>,
    },
    { key: 'createdAt', title: t('users.fields.createdAt'), render: (_, row) => <DateTimeText at={row.createdAt} /> },
  ];
  if (can.edit || can.delete || can.password) {
    columns.push({
      key: 'actions',
      title: t('users.fields.actions'),
      render: (_, row) => (
        <RowActions
          actions={[
            can.edit && { label: t('users.actions.edit'), icon: <EditOutlined />, onClick: () => onEdit(row), testId: `user-edit-${row._id}` },
            can.password && { label: t('users.actions.password'), icon: <KeyOutlined />, onClick: () => onPassword(row), testId: `user-password-${row._id}` },
            can.delete && {
              label: t('users.actions.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              disabled: row._id === selfId,
              confirm: t('users.actions.confirmDelete'),
              confirmTestId: 'user-delete-confirm',
              onClick: () => void remove(row._id),
              testId: `user-delete-${row._id}`,
            },
          ]}
        />
      ),
    });
  }
  return (
    <ListTable<UserRow>
      list={list}
      rowKey="_id"
      testId="users-table"
      columns={columns}
      // A row's `children` are ids (spec §3), not nested rows: keep antd from drawing a tree of them.
      expandable={{ childrenColumnName: 'noNestedRows' }}
      selectable={can.delete && { disabled: (row) => row._id === selfId }}
      totalText={(total, count) => t('users.actions.total', { total, count })}
    />
  );
});
