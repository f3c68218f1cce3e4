import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContactDetails } from '@shared/schemas/inquiry';

const FIELDS = ['company', 'phone', 'email', 'address', 'hours'] as const;

/** A tree's contact details as plain text (the address keeps its line breaks); "none yet" when empty. */
export function ContactDetailsView({ details, testId }: { details: ContactDetails | null; testId: string }) {
  const { t } = useTranslation();
  const filled = FIELDS.filter((field) => details?.[field]);
  if (!details || filled.length === 0)
    return (
      <Typography.Text type="secondary" data-testid={`${testId}-none`}>
        {t('inquiry.contact.none')}
      </Typography.Text>
    );
  return (
    <Descriptions size="small" column={1} data-testid={testId}>
      {filled.map((field) => (
        <Descriptions.Item key={field} label={t(`inquiry.contact.${field}`)}>
          {field === 'email' ? <a href={`mailto:${details.email}`}>{details.email}</a> : <span style={{ whiteSpace: 'pre-wrap' }}>{details[field]}</span>}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
