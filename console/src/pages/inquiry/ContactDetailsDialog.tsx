import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactDetailsSchema, type ContactDetails } from '@shared/schemas/inquiry';
import { useNotify } from '../../feedback/notify';
import { schemaRule } from './contactRules';
import type { InquiryApi } from './inquiryApi';

const FIELDS = ['company', 'phone', 'email', 'address', 'hours'] as const;

/** Edits the tree's contact details (every field may stay empty), each rule on blur with the server's schema. */
export function ContactDetailsDialog({
  api,
  details,
  onClose,
  onSaved,
}: {
  api: InquiryApi;
  details: ContactDetails | null;
  onClose(): void;
  onSaved(details: ContactDetails): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<ContactDetails>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      onSaved(await api.saveContact(values));
      notify.success(t('inquiry.contact.saved'));
    } catch {
      // The api toast said why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('inquiry.contact.editTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('inquiry.contact.save')}
      cancelText={t('inquiry.contact.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'contact-details-save' }}
      maskClosable={false}
    >
      <Form
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={details ?? { company: '', phone: '', email: '', address: '', hours: '' }}
        data-testid="contact-details-form"
      >
        {FIELDS.map((field) => (
          <Form.Item key={field} name={field} label={t(`inquiry.contact.${field}`)} rules={[schemaRule(t, contactDetailsSchema, field)]}>
            {field === 'address' ? (
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} data-testid={`contact-details-${field}`} />
            ) : (
              <Input data-testid={`contact-details-${field}`} />
            )}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
