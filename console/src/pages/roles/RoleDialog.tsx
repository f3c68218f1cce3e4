import { Form, Input, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { roleInputSchema, type RoleInput, type RoleRow } from '@shared/schemas/roles';
import { contractRule } from '../../forms/contractRules';
import { FormDialog } from '../../forms/FormDialog';
import type { RolesController } from './RolesController';

interface RoleDialogProps {
  controller: RolesController;
  /** null: a new role. */
  role: RoleRow | null;
  onClose(): void;
}

interface RoleFields {
  name: string;
  type: number;
  description: string;
}

/** Create or update a role: name, type and description (membership is the user dialog's business). */
export const RoleDialog = observer(function RoleDialog({ controller, role, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFields>();
  const submit = async (fields: RoleFields) => {
    const input: RoleInput = { name: fields.name, type: fields.type, description: fields.description ?? '' };
    await controller.save(role?._id ?? null, input);
    return t(role ? 'roles.updated' : 'roles.created', { name: fields.name.trim() });
  };
  return (
    <FormDialog<RoleFields>
      form={form}
      maxWidth={560}
      title={t(role ? 'roles.editTitle' : 'roles.addTitle')}
      okText={t('roles.save')}
      cancelText={t('roles.cancel')}
      testId="role-dialog"
      saving={controller.saving}
      submit={submit}
      onClose={onClose}
    >
      <Form<RoleFields>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ name: role?.name ?? '', type: role?.type ?? 1, description: role?.description ?? '' }}
      >
        <Form.Item name="name" label={t('roles.name')} required rules={[contractRule(t, roleInputSchema.shape.name)]}>
          <Input maxLength={50} placeholder={t('roles.ph_name')} data-testid="role-name" />
        </Form.Item>
        <Form.Item name="type" label={t('roles.type')} extra={t('roles.typeHint')}>
          <Select
            data-testid="role-type"
            options={[
              { value: 0, label: t('roles.type0') },
              { value: 1, label: t('roles.type1') },
            ]}
          />
        </Form.Item>
        <Form.Item name="description" label={t('roles.description')}>
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="role-description" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
});
