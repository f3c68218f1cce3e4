import { Form, InputNumber, Modal } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { PushContacts, PushContactsInput } from '@shared/schemas/pushes';
import { AddressTagsInput } from './AddressTagsInput';
import type { PushContactsController } from './PushContactsController';
import { contactLabel } from './recipientAddress';

interface PushContactsDialogProps {
  controller: PushContactsController;
  contacts: PushContacts;
  onSaved(contacts: PushContacts): void;
  onClose(): void;
}

/** One user's push addresses and monthly SMS allowance. */
export const PushContactsDialog = observer(function PushContactsDialog({ controller, contacts, onSaved, onClose }: PushContactsDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PushContactsInput>();
  const save = async () => {
    const result = await controller.save(contacts.userId, form.getFieldsValue(true) as PushContactsInput);
    if (result.ok) onSaved(result.contacts);
    else form.setFields(Object.entries(result.errors).map(([name, message]) => ({ name: name as keyof PushContactsInput, errors: message ? [message] : [] })));
  };
  return (
    <Modal
      open
      centered
      width="min(640px, 92vw)"
      mask={{ closable: false }}
      title={t('pushes.contacts.editTitle', { name: contactLabel(contacts) })}
      okText={t('pushes.actions.save')}
      cancelText={t('pushes.actions.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ loading: controller.saving, 'data-testid': 'contacts-save' }}
      data-testid="contacts-dialog"
    >
      <Form<PushContactsInput>
        form={form}
        layout="vertical"
        initialValues={{ pushEmails: contacts.pushEmails, pushPhones: contacts.pushPhones, smsCount: contacts.smsCount }}
      >
        <Form.Item name="pushEmails" label={t('pushes.contacts.emails')} extra={t('pushes.contacts.emailsHint')}>
          <AddressTagsInput kind="email" />
        </Form.Item>
        <Form.Item name="pushPhones" label={t('pushes.contacts.phones')} extra={t('pushes.contacts.phonesHint')}>
          <AddressTagsInput kind="phone" />
        </Form.Item>
        <Form.Item name="smsCount" label={t('pushes.contacts.smsCount')} extra={t('pushes.contacts.smsCountHint', { used: contacts.smsUsedThisMonth })}>
          <InputNumber<number> min={0} max={100000} precision={0} style={{ width: 200 }} data-testid="contacts-sms-count" />
        </Form.Item>
      </Form>
    </Modal>
  );
});
