import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserOption } from '@shared/api/usersApi';
import type { SaverRights } from './userFormValues';
import { emailRules, passwordRules, repeatPasswordRules, rolesRules, trueNameRules, usernameRules, type UserLookup } from './userRules';

interface UserAccountFieldsProps {
  creating: boolean;
  rights: SaverRights;
  lookup: UserLookup;
  /** The edited user (its own username passes the uniqueness check). */
  ownId?: number | undefined;
  roleOptions: UserOption[];
}

/** Username, name, e-mail, passwords (create only) and roles (type-0 users only), spec §2 and §5. */
export function UserAccountFields({ creating, rights, lookup, ownId, roleOptions }: UserAccountFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const text = (name: string) => String(form.getFieldValue(name) ?? '');
  const usernameLocked = !creating && !rights.renames;
  const label = (name: string) => t(`users.fields.${name}`);

  return (
    <>
      <Form.Item
        name="username"
        label={label('username')}
        required={!usernameLocked}
        rules={usernameLocked ? [] : usernameRules(t, lookup, ownId)}
        {...(usernameLocked ? { extra: t('users.hints.usernameAdminOnly') } : {})}
      >
        <Input readOnly={usernameLocked} disabled={usernameLocked} autoComplete="off" data-testid="user-field-username" />
      </Form.Item>
      <Form.Item name="trueName" label={label('trueName')} required rules={trueNameRules(t)}>
        <Input autoComplete="off" data-testid="user-field-trueName" />
      </Form.Item>
      <Form.Item name="email" label={label('email')} required={creating} rules={creating ? emailRules(t, lookup) : []}>
        <Input readOnly={!creating} disabled={!creating} autoComplete="off" data-testid="user-field-email" />
      </Form.Item>
      {creating && (
        <>
          <Form.Item name="password" label={label('password')} required dependencies={['username']} rules={passwordRules(t, () => text('username'))}>
            <Input.Password autoComplete="new-password" data-testid="user-field-password" />
          </Form.Item>
          <Form.Item
            name="repeatPassword"
            label={label('repeatPassword')}
            required
            dependencies={['password']}
            rules={repeatPasswordRules(t, () => text('password'))}
          >
            <Input.Password autoComplete="new-password" data-testid="user-field-repeatPassword" />
          </Form.Item>
        </>
      )}
      {rights.setsAccountType && (
        <Form.Item name="type" label={label('type')} extra={t('users.hints.type')}>
          <Radio.Group
            options={[
              { value: 1, label: t('users.types.sub') },
              { value: 0, label: t('users.types.top') },
            ]}
            data-testid="user-field-type"
          />
        </Form.Item>
      )}
      {rights.assignsRoles && (
        <Form.Item name="roles" label={label('roles')} required rules={rolesRules(t)}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={roleOptions.map((role) => ({ value: role._id, label: role.name }))}
            data-testid="user-field-roles"
          />
        </Form.Item>
      )}
    </>
  );
}
