import { FileTextOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Input, Select, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@shared/format';
import { PUSH_CHANNELS, PUSH_STATES, type PushChannel, type PushRecord, type PushState, type PushTask } from '@shared/schemas/pushes';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { Permission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { ChannelTag } from './ChannelTag';
import { PUSH_MENUS } from './menus';
import { PushRecordDrawer } from './PushRecordDrawer';
import { canResend, PushRecordsController } from './PushRecordsController';
import { PushStateTag } from './PushStateTag';
import { ResendResultAlert } from './ResendResultAlert';
import { usePushesApi } from './usePushesApi';

const none = <Typography.Text type="secondary">—</Typography.Text>;
const time = (at: number | null) => <DateTimeText at={at} />;

/** /message/push-records: every push with its delivery state; failed or skipped ones can be sent again. */
export const PushRecordsPage = observer(function PushRecordsPage() {
  const root = useStores();
  const { t } = useTranslation();
  const api = usePushesApi();
  const [records] = useState(() => new PushRecordsController(api));
  const [tasks, setTasks] = useState<PushTask[]>([]);
  const canResendAny = root.permission.hasButton(PUSH_MENUS.records, 'edit');
  const canSeeTasks = root.permission.hasRoute(PUSH_MENUS.tasks);
  const { list } = records;
  useEffect(() => void list.load(), [list]);
  useEffect(() => {
    // The task filter needs the task list, which only a role with the tasks screen may read.
    if (canSeeTasks) api.tasks().then(setTasks, () => undefined);
  }, [api, canSeeTasks]);

  // No fixed widths: times wrap between date and time, long texts are cut with a tooltip, the address sits
  // under the recipient, so every column shows on a 1366 px screen.
  const columns: TableColumnsType<PushRecord> = [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('pushes.records.createdAt'), render: time },
    { key: 'channel', dataIndex: 'channel', title: t('pushes.records.channel'), render: (channel: PushChannel) => <ChannelTag channel={channel} /> },
    {
      key: 'recipient',
      title: t('pushes.records.recipient'),
      render: (_: unknown, record) => (
        <div>
          <div>{record.recipientName ?? none}</div>
          <CutText text={record.address} maxWidth={180} type="secondary" />
        </div>
      ),
    },
    { key: 'subject', title: t('pushes.records.subject'), render: (_: unknown, record) => <CutText text={record.subject || record.body} maxWidth={200} /> },
    { key: 'state', dataIndex: 'state', title: t('pushes.records.state'), render: (state: PushState) => <PushStateTag state={state} /> },
    { key: 'attempts', dataIndex: 'attempts', title: t('pushes.records.attempts'), align: 'right' },
    { key: 'nextAttemptAt', dataIndex: 'nextAttemptAt', title: t('pushes.records.nextAttemptAt'), render: time },
    {
      key: 'lastError',
      dataIndex: 'lastError',
      title: t('pushes.records.lastError'),
      render: (error: string | null) => <CutText text={error} maxWidth={160} type="danger" />,
    },
    { key: 'sentAt', dataIndex: 'sentAt', title: t('pushes.records.sentAt'), render: time },
    {
      key: 'open',
      title: t('pushes.columns.actions'),
      render: (_: unknown, record) => (
        <RowActions
          actions={[{ label: t('pushes.records.open'), icon: <FileTextOutlined />, onClick: () => records.open(record), testId: `record-open-${record.id}` }]}
        />
      ),
    },
  ];

  const range =
    list.filters.from !== undefined && list.filters.to !== undefined
      ? ([dayjs(list.filters.from), dayjs(list.filters.to)] as [dayjs.Dayjs, dayjs.Dayjs])
      : null;
  return (
    <Card size="small" title={t('pushes.records.title')} data-testid="push-records-page">
      <ListToolbar
        list={list}
        gate={{ menu: PUSH_MENUS.records }}
        testId="records"
        filters={
          <>
            <Select<PushChannel>
              allowClear
              style={{ width: 140 }}
              placeholder={t('pushes.filters.anyChannel')}
              value={list.filters.channel}
              options={PUSH_CHANNELS.map((value) => ({ value, label: t(`pushes.channels.${value}`) }))}
              onChange={(value) => void records.setFilter('channel', value)}
              data-testid="records-filter-channel"
            />
            <Select<PushState>
              allowClear
              style={{ width: 140 }}
              placeholder={t('pushes.filters.anyState')}
              value={list.filters.state}
              options={PUSH_STATES.map((value) => ({ value, label: t(`pushes.states.${value}`) }))}
              onChange={(value) => void records.setFilter('state', value)}
              data-testid="records-filter-state"
            />
            {canSeeTasks && (
              <Select<number>
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 180 }}
                placeholder={t('pushes.filters.anyTask')}
                value={list.filters.taskId}
                options={tasks.map((task) => ({ value: task.id, label: task.name }))}
                onChange={(value) => void records.setFilter('taskId', value)}
                data-testid="records-filter-task"
              />
            )}
            <DatePicker.RangePicker
              showTime
              format={DATE_TIME_FORMAT}
              style={{ width: 360 }}
              value={range}
              placeholder={[t('pushes.filters.from'), t('pushes.filters.to')]}
              onChange={(dates) => void records.setRange(dates?.[0]?.valueOf(), dates?.[1]?.valueOf())}
              data-testid="records-filter-range"
            />
            <Input.Search
              allowClear
              style={{ width: 220 }}
              placeholder={t('pushes.filters.keyword')}
              maxLength={64}
              onSearch={(value) => void records.setFilter('keyword', value.trim() || undefined)}
              data-testid="records-filter-keyword"
            />
          </>
        }
        actions={
          <Permission menu={PUSH_MENUS.records} button="edit">
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={!list.selected.length}
              loading={records.resending}
              onClick={() => void records.resend()}
              data-testid="records-resend"
            >
              {t('pushes.records.resend', { count: list.selected.length })}
            </Button>
          </Permission>
        }
      />
      {records.lastResend && <ResendResultAlert result={records.lastResend} onClose={records.dismissResend} />}
      <ListTable<PushRecord>
        list={list}
        rowKey="id"
        columns={columns}
        emptyText={t('pushes.records.empty')}
        selectable={canResendAny && { disabled: (record) => !canResend(record), testId: (record) => `record-check-${record.id}` }}
        rowAttributes={(record) => ({ 'data-testid': `record-row-${record.id}` })}
        totalText={(total) => t('pushes.total', { total })}
        testId="records-table"
      />
      {records.opened && (
        <PushRecordDrawer record={records.opened} canSeeCalls={root.permission.hasRoute(PUSH_MENUS.providerCalls)} onClose={() => records.open(null)} />
      )}
    </Card>
  );
});
