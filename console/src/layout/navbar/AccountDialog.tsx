import { App, Form, Input, Modal, type FormRule } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { accountUpdateSchema, type AccountUpdate } from '@shared/schemas/account';
import { useStores } from '../../stores/StoreContext';
import { useAccountSave } from './useAccountSave';

/** The same rule the server applies to the avatar address. */
const avatarRule = (message: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (!accountUpdateSchema.shape.avatar.safeParse(value ?? '').success) throw new Error(message);
  },
});

/** The signed-in user edits its own true name, avatar and introduction; the e-mail is read-only (spec §5). */
export const AccountDialog = observer(function AccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { session } = useStores();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AccountUpdate>();
  const { saving, save } = useAccountSave();

  const submit = async (fields: AccountUpdate) => {
    if (!(await save(fields))) return;
    void message.success(t('accountDialog.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('accountDialog.title')}
      width={{ xs: '92%', sm: '65%' }}
      style={{ maxWidth: 560 }}
      okText={t('accountDialog.save')}
      cancelText={t('accountDialog.cancel')}
      okButtonProps={{ loading: saving, disabled: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="account-dialog">
        <Form<AccountUpdate>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={{ trueName: session.trueName, avatar: session.avatar, introduction: session.introduction }}
          onFinish={submit}
        >
          <Form.Item label={t('accountDialog.email')}>
            <Input value={session.email} readOnly disabled data-testid="account-email" />
          </Form.Item>
          <Form.Item
            name="trueName"
            label={t('accountDialog.trueName')}
            rules={[{ required: true, whitespace: true, message: t('accountDialog.trueNameRequired') }]}
          >
            <Input maxLength={50} data-testid="account-true-name" />
          </Form.Item>
          <Form.Item name="avatar" label={t('accountDialog.avatar')} rules={[avatarRule(t('accountDialog.avatarInvalid'))]}>
            <Input maxLength={500} placeholder="https://…" data-testid="account-avatar" />
          </Form.Item>
          <Form.Item name="introduction" label={t('accountDialog.introduction')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="account-introduction" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
});
