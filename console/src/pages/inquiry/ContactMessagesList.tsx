import { Card, Segmented, Switch, Tooltip, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '@shared/schemas/inquiry';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { useStores } from '../../stores/StoreContext';
import { createInquiryApi } from './inquiryApi';

export const CONTACT_SCREEN = '/inquiry/contactUs';

/** The messages sent through the contact form (this tree's; every tree's for administrators), newest first, with their handled flag. */
export const ContactMessagesList = observer(function ContactMessagesList({ reloadKey }: { reloadKey: number }) {
  const { t } = useTranslation();
  const root = useStores();
  const api = useMemo(() => createInquiryApi(root.http), [root.http]);
  const [list] = useState(() => new PagedQuery<{ handled?: string; keyword?: string }, ContactMessage>((query) => api.messages(query), {}));
  const canEdit = root.permission.hasButton(CONTACT_SCREEN, 'edit');
  useEffect(() => void list.load(), [list, reloadKey]);

  const columns: TableColumnsType<ContactMessage> = [
    { key: 'createdAt', title: t('inquiry.messages.receivedAt'), width: 110, render: (_, row) => <DateTimeText at={row.createdAt} /> },
    {
      key: 'from',
      title: t('inquiry.messages.from'),
      width: 200,
      render: (_, row) => (
        <div>
          <div>{row.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
            {row.email}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'subject', title: t('inquiry.messages.subject'), width: 200, render: (_, row) => <CutText text={row.subject} maxWidth={200} /> },
    {
      key: 'message',
      title: t('inquiry.messages.message'),
      render: (_, row) => (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} ellipsis={{ rows: 3, expandable: true }}>
          {row.message}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'handled',
      title: t('inquiry.messages.state'),
      width: 100,
      render: (_, row) => (
        <Tooltip title={row.handledBy ? t('inquiry.messages.handledBy', { user: row.handledBy }) : undefined}>
          <Switch
            size="small"
            checked={row.handled}
            disabled={!canEdit || list.busy}
            onChange={(checked) => void list.change(() => api.setHandled(row.id, checked))}
            data-testid={`contact-handled-${row.id}`}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <Card title={t('inquiry.messages.title')} size="small">
      <ListToolbar
        list={list}
        testId="contact-messages"
        searchPlaceholder={t('inquiry.messages.search')}
        filters={
          <Segmented
            value={list.filters.handled ?? ''}
            options={[
              { value: '', label: t('inquiry.messages.all') },
              { value: 'false', label: t('inquiry.messages.open') },
              { value: 'true', label: t('inquiry.messages.handled') },
            ]}
            onChange={(value) => void list.setFilter('handled', value === '' ? undefined : String(value))}
            data-testid="contact-messages-state"
          />
        }
      />
      <ListTable
        list={list}
        rowKey="id"
        columns={columns}
        testId="contact-messages-table"
        rowAttributes={(row) => ({ 'data-testid': `contact-message-${row.id}` })}
      />
    </Card>
  );
});
