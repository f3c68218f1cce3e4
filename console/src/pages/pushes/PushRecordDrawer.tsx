import { ApiOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '@shared/format';
import type { PushRecord } from '@shared/schemas/pushes';
import { ChannelTag } from './ChannelTag';
import { PlainText } from './PlainText';
import { PushStateTag } from './PushStateTag';

interface PushRecordDrawerProps {
  record: PushRecord;
  /** Whether the role may open the provider calls screen. */
  canSeeCalls: boolean;
  onClose(): void;
}

export const providerCallsLink = (recordId: number): string => `/msg/webServiceRecord?recordId=${recordId}`;

/** One push as it was rendered for its recipient (plain text), its delivery state and its provider calls. */
export function PushRecordDrawer({ record, canSeeCalls, onClose }: PushRecordDrawerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The same dash formatDateTime shows for an empty time.
  const dash = '–';
  return (
    <Drawer
      open
      size={640}
      title={t('pushes.records.drawerTitle', { id: record.id })}
      onClose={onClose}
      destroyOnHidden
      data-testid="push-record-drawer"
      extra={
        canSeeCalls && (
          <Button icon={<ApiOutlined />} onClick={() => navigate(providerCallsLink(record.id))} data-testid="record-provider-calls">
            {t('pushes.records.providerCalls')}
          </Button>
        )
      }
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ label: { width: 150 } }}
        items={[
          { key: 'state', label: t('pushes.records.state'), children: <PushStateTag state={record.state} /> },
          { key: 'channel', label: t('pushes.records.channel'), children: <ChannelTag channel={record.channel} /> },
          { key: 'recipient', label: t('pushes.records.recipient'), children: record.recipientName ?? dash },
          { key: 'address', label: t('pushes.records.address'), children: record.address || dash },
          { key: 'task', label: t('pushes.records.task'), children: record.taskName ?? t('pushes.records.noTask') },
          { key: 'alarm', label: t('pushes.records.alarm'), children: record.alarmId === null ? dash : `#${record.alarmId}` },
          { key: 'createdAt', label: t('pushes.records.createdAt'), children: formatDateTime(record.createdAt) },
          { key: 'attempts', label: t('pushes.records.attempts'), children: record.attempts },
          { key: 'nextAttemptAt', label: t('pushes.records.nextAttemptAt'), children: formatDateTime(record.nextAttemptAt) },
          { key: 'sentAt', label: t('pushes.records.sentAt'), children: formatDateTime(record.sentAt) },
          {
            key: 'lastError',
            label: t('pushes.records.lastError'),
            children: record.lastError ? <Typography.Text type="danger">{record.lastError}</Typography.Text> : dash,
          },
        ]}
      />
      {record.channel === 'email' && (
        <>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('pushes.records.subject')}
          </Typography.Title>
          <PlainText text={record.subject || dash} testId="record-subject" />
        </>
      )}
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('pushes.records.text')}
      </Typography.Title>
      <PlainText text={record.body} testId="record-body" />
    </Drawer>
  );
}
