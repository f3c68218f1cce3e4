import { Form, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactMessageInputSchema, type ContactMessageInput } from '@shared/schemas/inquiry';
import { useNotify } from '../../feedback/notify';
import { useStores } from '../../stores/StoreContext';
import { schemaRule } from './contactRules';
import { createInquiryApi } from './inquiryApi';

/**
 * The contact form (any signed-in user): name and e-mail come from the account, every rule runs on blur
 * with the server's schema. The message goes to the administrators through the push channel.
 */
export function ContactForm({ onClose, onSent }: { onClose(): void; onSent?(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { http, session } = useStores();
  const api = useMemo(() => createInquiryApi(http), [http]);
  const [form] = Form.useForm<ContactMessageInput>();
  const [sending, setSending] = useState(false);
  const rule = (field: keyof ContactMessageInput) => [schemaRule(t, contactMessageInputSchema, field)];

  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSending(true);
    try {
      const sent = await api.sendMessage(values);
      notify.success(t(sent.pushes > 0 ? 'inquiry.form.sent' : 'inquiry.form.sentNoChannel'));
      onSent?.();
      onClose();
    } catch {
      // The api toast said why.
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={t('inquiry.form.title')}
      onCancel={onClose}
      onOk={() => void send()}
      okText={t('inquiry.form.send')}
      cancelText={t('inquiry.contact.cancel')}
      okButtonProps={{ loading: sending, 'data-testid': 'contact-send' }}
      maskClosable={false}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ name: session.trueName || session.name, email: session.email, subject: '', message: '' }}
        data-testid="contact-form"
      >
        <Form.Item name="name" label={t('inquiry.form.name')} rules={rule('name')} required>
          <Input data-testid="contact-name" />
        </Form.Item>
        <Form.Item name="email" label={t('inquiry.form.email')} rules={rule('email')} required>
          <Input data-testid="contact-email" />
        </Form.Item>
        <Form.Item name="subject" label={t('inquiry.form.subject')} rules={rule('subject')} required>
          <Input data-testid="contact-subject" />
        </Form.Item>
        <Form.Item name="message" label={t('inquiry.form.message')} rules={rule('message')} required>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} data-testid="contact-message" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
