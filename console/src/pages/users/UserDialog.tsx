import { Divider, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsersApi } from '@shared/api/usersApi';
import type { UserRow } from '@shared/schemas/userAdmin';
import { UserAccountFields } from './UserAccountFields';
import { initialValues, type UserFormValues } from './userFormValues';
import { UserPushFields } from './UserPushFields';
import { UserVisibilityFields } from './UserVisibilityFields';
import { useUserDialog } from './useUserDialog';

/** Spec §2, §9: the dialog is 65 % wide. */
export const USER_DIALOG_WIDTH = '65%';

interface UserDialogProps {
  api: UsersApi;
  /** The user to update; absent: create. */
  row?: UserRow | undefined;
  onClose(): void;
  onSaved(): void;
}

/** Create or update one user; every rule runs when its field is left (spec §5). */
export function UserDialog({ api, row, onClose, onSaved }: UserDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const [initial] = useState(() => initialValues(row));
  const dialog = useUserDialog(api, row, onSaved);

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const problems = await dialog.save({ ...initial, ...values });
    if (problems.length) form.setFields(problems.map(({ name, errors }) => ({ name: name as keyof UserFormValues, errors })));
  };

  return (
    <Modal
      open
      width={USER_DIALOG_WIDTH}
      mask={{ closable: false }}
      title={row ? t('users.dialog.editTitle', { name: row.username }) : t('users.dialog.createTitle')}
      okText={t('users.actions.confirm')}
      cancelText={t('users.actions.cancel')}
      onOk={() => void confirm()}
      onCancel={onClose}
      confirmLoading={dialog.saving}
      okButtonProps={{ disabled: dialog.saving, 'data-testid': 'user-dialog-confirm' }}
    >
      <Form<UserFormValues> form={form} layout="vertical" validateTrigger="onBlur" initialValues={initial} data-testid="user-dialog">
        <Divider titlePlacement="start">{t('users.sections.account')}</Divider>
        <UserAccountFields creating={dialog.creating} rights={dialog.rights} lookup={dialog.lookup} ownId={row?._id} roleOptions={dialog.options.roles} />
        <Divider titlePlacement="start">{t('users.sections.pushes')}</Divider>
        <UserPushFields creating={dialog.creating} />
        <Divider titlePlacement="start">{t('users.sections.visibility')}</Divider>
        <UserVisibilityFields displayAreas={dialog.options.displayAreas} boards={dialog.options.boards} />
      </Form>
    </Modal>
  );
}
