import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsersApi } from '@shared/api/usersApi';
import type { UserRow } from '@shared/schemas/userAdmin';
import { useNotify } from '../../feedback/notify';
import { saveProblem } from './saveProblem';
import { passwordRules, repeatPasswordRules } from './userRules';

interface PasswordValues {
  password: string;
  repeatPassword: string;
}

/** An admin or the parent sets a user's new password (PUT /users/:id/password); the same §5 rules, on blur. */
export function PasswordDialog({ api, row, onClose }: { api: UsersApi; row: UserRow; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await api.setPassword(row._id, values);
      notify.success(t('users.notify.passwordChanged'));
      onClose();
    } catch (error) {
      const problem = saveProblem(t, error);
      notify.error(t('users.notify.passwordFailed'), problem.message);
      form.setFields(problem.fields.map(({ name, errors }) => ({ name: name as keyof PasswordValues, errors })));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      mask={{ closable: false }}
      title={t('users.dialog.passwordTitle', { name: row.username })}
      okText={t('users.actions.confirm')}
      cancelText={t('users.actions.cancel')}
      onOk={() => void confirm()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: saving, 'data-testid': 'user-password-confirm' }}
    >
      <Form<PasswordValues> form={form} layout="vertical" validateTrigger="onBlur" data-testid="user-password-dialog">
        <Form.Item name="password" label={t('users.fields.password')} required rules={passwordRules(t, () => row.username)}>
          <Input.Password autoComplete="new-password" data-testid="user-password-field-password" />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label={t('users.fields.repeatPassword')}
          required
          dependencies={['password']}
          rules={repeatPasswordRules(t, () => String(form.getFieldValue('password') ?? ''))}
        >
          <Input.Password autoComplete="new-password" data-testid="user-password-field-repeatPassword" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
