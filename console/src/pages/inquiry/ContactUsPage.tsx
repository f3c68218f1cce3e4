import { EditOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactDetails } from '@shared/schemas/inquiry';
import { Permission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { ContactDetailsDialog } from './ContactDetailsDialog';
import { ContactDetailsView } from './ContactDetailsView';
import { ContactForm } from './ContactForm';
import { CONTACT_SCREEN, ContactMessagesList } from './ContactMessagesList';
import { createInquiryApi } from './inquiryApi';

/** /inquiry/contactUs: this tree's contact details (edit button), the contact form, and the messages received. */
export function ContactUsPage() {
  const { t } = useTranslation();
  const { http } = useStores();
  const api = useMemo(() => createInquiryApi(http), [http]);
  const [details, setDetails] = useState<ContactDetails | null>(null);
  const [editing, setEditing] = useState(false);
  const [writing, setWriting] = useState(false);
  const [sent, setSent] = useState(0);
  useEffect(() => {
    void api.ownContact().then(setDetails, () => setDetails(null));
  }, [api]);

  return (
    <Flex vertical gap={16} data-testid="contact-us">
      <Card
        size="small"
        title={t('inquiry.contact.detailsTitle')}
        extra={
          <Flex gap={8}>
            <Button icon={<MailOutlined />} onClick={() => setWriting(true)} data-testid="contact-write">
              {t('inquiry.form.title')}
            </Button>
            <Permission menu={CONTACT_SCREEN} button="edit">
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="contact-details-edit">
                {t('inquiry.contact.edit')}
              </Button>
            </Permission>
          </Flex>
        }
      >
        <ContactDetailsView details={details} testId="contact-details" />
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('inquiry.contact.detailsHint')}
        </Typography.Paragraph>
      </Card>
      <ContactMessagesList reloadKey={sent} />
      {editing && (
        <ContactDetailsDialog
          api={api}
          details={details}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setDetails(saved);
            setEditing(false);
          }}
        />
      )}
      {writing && <ContactForm onClose={() => setWriting(false)} onSent={() => setSent((n) => n + 1)} />}
    </Flex>
  );
}
