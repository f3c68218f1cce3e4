import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Popconfirm, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@shared/schemas/userAdmin';
import { useNotify } from '../../feedback/notify';
import { useStores } from '../../stores/StoreContext';
import { PasswordDialog } from './PasswordDialog';
import { UserDialog } from './UserDialog';
import { UsersTable } from './UsersTable';
import { useUsersApi } from './useUsersApi';
import { useUsersList } from './useUsersList';

/** The menu entry whose buttons (add, edit, delete, password) guard this screen's actions (spec §6). */
export const USERS_MENU = '/settings/user';

type Dialog = { kind: 'user'; row?: UserRow } | { kind: 'password'; row: UserRow } | null;

/** /settings/user: the caller's user tree, with the actions its role grants (issue 7). */
export const UsersPage = observer(function UsersPage() {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const api = useUsersApi();
  const list = useUsersList(api);
  const [dialog, setDialog] = useState<Dialog>(null);
  const can = (button: 'add' | 'edit' | 'delete' | 'password') => root.permission.hasButton(USERS_MENU, button);

  const deleted = (count: number) => notify.success(count === 1 ? t('users.notify.deleted') : t('users.notify.deletedMany', { count }));
  const removeSelected = async () => {
    const count = list.selected.length;
    if (await list.remove(list.selected)) deleted(count);
  };

  return (
    <Card>
      <Flex justify="space-between" align="start" gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('users.actions.filterEmail')} style={{ width: 280 }} onSearch={list.filterEmail} data-testid="users-filter-email" />
        <Space>
          {can('delete') && (
            <Popconfirm
              title={t('users.actions.confirmDeleteMany', { count: list.selected.length })}
              onConfirm={removeSelected}
              okText={t('users.actions.delete')}
              cancelText={t('users.actions.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'users-batch-delete-confirm' }}
              disabled={list.selected.length === 0}
            >
              <Button danger icon={<DeleteOutlined />} disabled={list.selected.length === 0} data-testid="users-batch-delete">
                {t('users.actions.deleteSelected')}
              </Button>
            </Popconfirm>
          )}
          {can('add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'user' })} data-testid="users-add">
              {t('users.actions.add')}
            </Button>
          )}
        </Space>
      </Flex>
      <UsersTable
        list={list}
        can={{ edit: can('edit'), delete: can('delete'), password: can('password') }}
        selfId={root.session.userId}
        onEdit={(row) => setDialog({ kind: 'user', row })}
        onPassword={(row) => setDialog({ kind: 'password', row })}
        onDeleted={deleted}
      />
      {dialog?.kind === 'user' && (
        <UserDialog
          api={api}
          row={dialog.row}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void list.reload();
          }}
        />
      )}
      {dialog?.kind === 'password' && <PasswordDialog api={api} row={dialog.row} onClose={() => setDialog(null)} />}
    </Card>
  );
});
