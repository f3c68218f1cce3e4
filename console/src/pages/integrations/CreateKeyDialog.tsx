import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface CreateKeyDialogProps {
  saving: boolean;
  onCreate: (name: string) => void;
  onClose: () => void;
}

/** Asks for the name of the system that will hold the key. */
export function CreateKeyDialog({ saving, onCreate, onClose }: CreateKeyDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Modal
      open
      title={t('integrations.createDialog.title')}
      okText={t('integrations.createDialog.submit')}
      cancelText={t('integrations.keys.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, 'data-testid': 'create-key-ok' }}
      destroyOnHidden
      data-testid="create-key-dialog"
    >
      <Form form={form} layout="vertical" onFinish={(values) => onCreate(values.name)}>
        <Form.Item
          name="name"
          label={t('integrations.keys.name')}
          validateTrigger="onBlur"
          rules={[{ required: true, whitespace: true, message: t('integrations.keys.nameRequired') }, { max: 100 }]}
        >
          <Input autoFocus maxLength={100} placeholder={t('integrations.keys.namePlaceholder')} data-testid="create-key-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
