import { FileTextOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, formatDateTime } from '@shared/format';
import { PUSH_CHANNELS, PUSH_STATES, type PushChannel, type PushRecord, type PushState, type PushTask } from '@shared/schemas/pushes';
import { useStores } from '../../stores/StoreContext';
import { ChannelTag } from './ChannelTag';
import { PUSH_MENUS } from './menus';
import { PushRecordDrawer } from './PushRecordDrawer';
import { canResend, PushRecordsController } from './PushRecordsController';
import styles from './Pushes.module.css';
import { PushStateTag } from './PushStateTag';
import { ResendResultAlert } from './ResendResultAlert';
import { usePushesApi } from './usePushesApi';

const none = <Typography.Text type="secondary">—</Typography.Text>;
const time = (at: number | null) => (at === null ? none : <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at)}</span>);

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

  const columns: TableColumnsType<PushRecord> = [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('pushes.records.createdAt'), width: 170, render: time },
    { key: 'channel', dataIndex: 'channel', title: t('pushes.records.channel'), width: 110, render: (channel: PushChannel) => <ChannelTag channel={channel} /> },
    { key: 'recipient', dataIndex: 'recipientName', title: t('pushes.records.recipient'), width: 130, render: (name: string | null) => name ?? none },
    { key: 'address', dataIndex: 'address', title: t('pushes.records.address'), width: 190, render: (address: string) => address || none },
    { key: 'subject', title: t('pushes.records.subject'), render: (_: unknown, record) => <span className={styles.clip} style={{ maxWidth: 260 }} title={record.subject || record.body}>{record.subject || record.body}</span> },
    { key: 'state', dataIndex: 'state', title: t('pushes.records.state'), width: 100, render: (state: PushState) => <PushStateTag state={state} /> },
    { key: 'attempts', dataIndex: 'attempts', title: t('pushes.records.attempts'), width: 80, align: 'right' },
    { key: 'nextAttemptAt', dataIndex: 'nextAttemptAt', title: t('pushes.records.nextAttemptAt'), width: 170, render: time },
    { key: 'lastError', dataIndex: 'lastError', title: t('pushes.records.lastError'), render: (error: string | null) => (error ? <Typography.Text type="danger" className={styles.clip} style={{ maxWidth: 240 }} title={error}>{error}</Typography.Text> : none) },
    { key: 'sentAt', dataIndex: 'sentAt', title: t('pushes.records.sentAt'), width: 170, render: time },
    {
      key: 'open',
      title: t('pushes.columns.actions'),
      width: 90,
      fixed: 'right',
      render: (_: unknown, record) => (
        <Button type="link" size="small" icon={<FileTextOutlined />} onClick={() => records.open(record)} data-testid={`record-open-${record.id}`}>
          {t('pushes.records.open')}
        </Button>
      ),
    },
  ];

  const range = list.filters.from !== undefined && list.filters.to !== undefined ? ([dayjs(list.filters.from), dayjs(list.filters.to)] as [dayjs.Dayjs, dayjs.Dayjs]) : null;
  return (
    <Card
      size="small"
      title={t('pushes.records.title')}
      data-testid="push-records-page"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.load()}>
            {t('pushes.actions.refresh')}
          </Button>
          {canResendAny && (
            <Button type="primary" icon={<SendOutlined />} disabled={!records.selectedIds.length} loading={records.resending} onClick={() => void records.resend()} data-testid="records-resend">
              {t('pushes.records.resend', { count: records.selectedIds.length })}
            </Button>
          )}
        </Space>
      }
    >
      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <Select<PushChannel> allowClear style={{ width: 140 }} placeholder={t('pushes.filters.anyChannel')} value={list.filters.channel} options={PUSH_CHANNELS.map((value) => ({ value, label: t(`pushes.channels.${value}`) }))} onChange={(value) => void records.setFilter('channel', value)} data-testid="records-filter-channel" />
          <Select<PushState> allowClear style={{ width: 140 }} placeholder={t('pushes.filters.anyState')} value={list.filters.state} options={PUSH_STATES.map((value) => ({ value, label: t(`pushes.states.${value}`) }))} onChange={(value) => void records.setFilter('state', value)} data-testid="records-filter-state" />
          {canSeeTasks && (
            <Select<number> allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 180 }} placeholder={t('pushes.filters.anyTask')} value={list.filters.taskId} options={tasks.map((task) => ({ value: task.id, label: task.name }))} onChange={(value) => void records.setFilter('taskId', value)} data-testid="records-filter-task" />
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
          <Input.Search allowClear style={{ width: 220 }} placeholder={t('pushes.filters.keyword')} maxLength={64} onSearch={(value) => void records.setFilter('keyword', value.trim() || undefined)} data-testid="records-filter-keyword" />
        </div>
      </div>
      {records.lastResend && <ResendResultAlert result={records.lastResend} onClose={records.dismissResend} />}
      <Table<PushRecord>
        rowKey="id"
        size="middle"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('pushes.records.empty') }}
        rowSelection={canResendAny ? { selectedRowKeys: records.selectedIds, onChange: (keys) => records.setSelected(keys as number[]), getCheckboxProps: (record) => ({ disabled: !canResend(record), 'data-testid': `record-check-${record.id}` }) as object } : undefined}
        onRow={(record) => ({ 'data-testid': `record-row-${record.id}` }) as object}
        pagination={{ current: list.page, pageSize: list.size, total: list.total, showSizeChanger: true, showTotal: (total) => t('pushes.total', { total }), onChange: (page, size) => void list.setPage(page, size) }}
        data-testid="records-table"
      />
      {records.opened && <PushRecordDrawer record={records.opened} canSeeCalls={root.permission.hasRoute(PUSH_MENUS.providerCalls)} onClose={() => records.open(null)} />}
    </Card>
  );
});
