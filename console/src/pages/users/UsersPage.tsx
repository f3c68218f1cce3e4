import { Card, Input } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@shared/schemas/userAdmin';
import { useNotify } from '../../feedback/notify';
import { ListToolbar } from '../../lists/ListToolbar';
import { useStores } from '../../stores/StoreContext';
import { PasswordDialog } from './PasswordDialog';
import { UserDialog } from './UserDialog';
import { UsersTable } from './UsersTable';
import { useUsersApi } from './useUsersApi';
import { removeUsers, useUsersList } from './useUsersList';

/** The menu entry whose buttons (add, edit, delete, password) guard this screen's actions (spec §6). */
export const USERS_MENU = '/settings/user';

type Dialog = { kind: 'user'; row?: UserRow } | { kind: 'password'; row: UserRow } | null;

/** /settings/user: the caller's user tree, with the actions its role grants. */
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
    if (await removeUsers(list, api, list.selected)) deleted(count);
  };

  return (
    <Card>
      <ListToolbar
        list={list}
        gate={{ menu: USERS_MENU }}
        testId="users"
        filters={
          <Input.Search
            allowClear
            placeholder={t('users.actions.filterEmail')}
            style={{ width: 280 }}
            onSearch={(email) => void list.setFilter('email', email.trim() || undefined)}
            data-testid="users-filter-email"
          />
        }
        onBatchDelete={removeSelected}
        batchDeleteConfirm={(count) => t('users.actions.confirmDeleteMany', { count })}
        onAdd={() => setDialog({ kind: 'user' })}
        addLabel={t('users.actions.add')}
      />
      <UsersTable
        list={list}
        onRemove={(id) => removeUsers(list, api, [id])}
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
            void list.load();
          }}
        />
      )}
      {dialog?.kind === 'password' && <PasswordDialog api={api} row={dialog.row} onClose={() => setDialog(null)} />}
    </Card>
  );
});
