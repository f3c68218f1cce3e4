import { Alert, Flex, Typography } from 'antd';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicInquiry } from '@shared/schemas/inquiry';
import { useStores } from '../../stores/StoreContext';
import { fetchPublicInquiry } from './inquiryApi';

/** What the login page reads before anyone signs in: the platform's login announcements and contact details. */
export function usePublicInquiry(): PublicInquiry {
  const root = useStores();
  const [answer, setAnswer] = useState<PublicInquiry>({ announcements: [], contact: null });
  useEffect(() => {
    let live = true;
    void fetchPublicInquiry(root.http).then((found) => live && setAnswer(found));
    return () => {
      live = false;
    };
  }, [root.http]);
  return answer;
}

/** The login page's announcements, beside the sign-in card; plain text. */
export function LoginAnnouncements({ announcements, className }: Pick<PublicInquiry, 'announcements'> & { className?: string }) {
  const { t } = useTranslation();
  if (announcements.length === 0) return null;
  return (
    <Flex vertical gap={8} className={className} data-testid="login-announcements" role="region" aria-label={t('inquiry.login.notices')}>
      {announcements.map((item) => (
        <Alert
          key={item.id}
          type="info"
          showIcon
          data-testid={`login-announcement-${item.id}`}
          title={item.title}
          description={
            item.body || item.picture ? (
              <Flex vertical gap={8}>
                {item.picture && <img src={item.picture} alt="" style={{ maxWidth: '100%', maxHeight: 120, objectFit: 'contain' }} />}
                {item.body && <span style={{ whiteSpace: 'pre-wrap' }}>{item.body}</span>}
              </Flex>
            ) : undefined
          }
        />
      ))}
    </Flex>
  );
}

/** The login page's footer: the platform operator's contact details on one wrapping line. */
export function LoginContactFooter({ contact, className }: Pick<PublicInquiry, 'contact'> & { className?: string }) {
  const { t } = useTranslation();
  const parts = contact
    ? (
        [
          ['company', contact.company],
          ['phone', contact.phone],
          ['email', contact.email],
          ['address', contact.address],
          ['hours', contact.hours],
        ] as const
      ).filter(([, value]) => value)
    : [];
  if (parts.length === 0) return null;
  return (
    <footer data-testid="login-contact" className={className} style={{ marginTop: 16, textAlign: 'center', maxWidth: 720 }}>
      <Typography.Text style={{ color: 'inherit' }}>
        {t('inquiry.login.contact')}:{' '}
        {parts.map(([field, value], index) => (
          <Fragment key={field}>
            {index > 0 && ' · '}
            <span data-testid={`login-contact-${field}`} style={{ whiteSpace: 'nowrap' }}>
              {field === 'email' ? <a href={`mailto:${value}`}>{value}</a> : value.replace(/\s*\n\s*/g, ', ')}
            </span>
          </Fragment>
        ))}
      </Typography.Text>
    </footer>
  );
}
