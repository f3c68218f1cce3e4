import { Button, Space, Table, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, withThousands } from '@shared/format';
import { ALARM_STATES, type AlarmRecord } from '@shared/schemas/alarms';
import { AlarmKindTag, AlarmStateTag, SeverityTag } from '../shared/AlarmTags';
import { recordMessage } from '../shared/alarmTexts';
import styles from '../shared/alarms.module.css';
import type { AlarmRecordsController } from './AlarmRecordsController';

interface AlarmRecordTableProps {
  list: AlarmRecordsController;
  /** Row actions; the batch screen acts on the selection instead. */
  onAcknowledge?(record: AlarmRecord): void;
  onProcess?(record: AlarmRecord): void;
  /** Multi-select (alerts/batch). */
  selectable?: boolean;
}

const isOpen = (record: AlarmRecord) => record.processingState === ALARM_STATES.new || record.processingState === ALARM_STATES.acknowledged;

/** "Acknowledged olga" with the time under it; nothing when nobody has. */
function ByAt({ label, by, at }: { label: string; by: string | null; at: number | null }) {
  if (at === null) return null;
  return (
    <div className={styles.nowrap}>
      <Typography.Text type="secondary">{label}</Typography.Text> <span>{by ?? '—'}</span>
      <Typography.Text type="secondary" className={styles.muted}>{formatDateTime(at)}</Typography.Text>
    </div>
  );
}

/** The alarm records of a list: unacknowledged rows highlighted, open ones with their actions. */
export const AlarmRecordTable = observer(function AlarmRecordTable({ list, onAcknowledge, onProcess, selectable = false }: AlarmRecordTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<AlarmRecord> = [
    {
      key: 'raisedAt',
      title: t('alarms.columns.raisedAt'),
      // When it ended sits under when it was raised: one column less for a 1366 px screen.
      render: (_, record) => (
        <div className={styles.nowrap}>
          <div>{formatDateTime(record.raisedAt)}</div>
          {record.endedAt === null ? (
            <Typography.Text type="warning" className={styles.muted} data-testid="alarm-ongoing">{t('alarms.columns.ongoing')}</Typography.Text>
          ) : (
            <Typography.Text type="secondary" className={styles.muted}>{t('alarms.columns.endedAt', { at: formatDateTime(record.endedAt) })}</Typography.Text>
          )}
        </div>
      ),
    },
    ...(list.fixedKind ? [] : [{ key: 'kind', title: t('alarms.columns.kind'), render: (_: unknown, record: AlarmRecord) => <AlarmKindTag kind={record.kind} /> }]),
    {
      key: 'subject',
      title: t('alarms.columns.subject'),
      render: (_, record) => (
        <div style={{ minWidth: 140 }}>
          <Typography.Text strong>{record.subject.name}</Typography.Text>
          {record.subject.code && <Typography.Text type="secondary" className={styles.muted}>{record.subject.code}</Typography.Text>}
        </div>
      ),
    },
    {
      key: 'message',
      title: t('alarms.columns.message'),
      render: (_, record) => {
        const message = recordMessage(t, record);
        return <Typography.Paragraph ellipsis={{ rows: 2, tooltip: message }} style={{ margin: 0, minWidth: 160, maxWidth: 260 }}>{message}</Typography.Paragraph>;
      },
    },
    { key: 'severity', title: t('alarms.columns.severity'), render: (_, record) => <SeverityTag severity={record.severity} /> },
    { key: 'state', title: t('alarms.columns.state'), render: (_, record) => <AlarmStateTag state={record.processingState} /> },
    { key: 'repeat', title: t('alarms.columns.repeat'), align: 'right', render: (_, record) => withThousands(record.repeatCount, 0) },
    {
      key: 'handled',
      title: t('alarms.columns.handled'),
      render: (_, record) =>
        record.acknowledgedAt === null && record.processedAt === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
        <div>
          <ByAt label={t('alarms.columns.acknowledged')} by={record.acknowledgedBy} at={record.acknowledgedAt} />
          <ByAt label={t('alarms.columns.processed')} by={record.processedBy} at={record.processedAt} />
        </div>
      ),
    },
    {
      key: 'note',
      title: t('alarms.columns.note'),
      render: (_, record) => (record.note ? <Typography.Paragraph ellipsis={{ rows: 2, tooltip: record.note }} style={{ margin: 0, minWidth: 100, maxWidth: 200 }}>{record.note}</Typography.Paragraph> : <Typography.Text type="secondary">—</Typography.Text>),
    },
    ...(onAcknowledge || onProcess
      ? [
          {
            key: 'actions',
            title: t('alarms.columns.actions'),
            fixed: 'right' as const,
            render: (_: unknown, record: AlarmRecord) =>
              isOpen(record) ? (
                <Space size={0}>
                  {onAcknowledge && record.processingState === ALARM_STATES.new && (
                    <Button type="link" size="small" disabled={list.acting} onClick={() => onAcknowledge(record)} data-testid={`alarm-acknowledge-${record.id}`}>
                      {t('alarms.actions.acknowledge')}
                    </Button>
                  )}
                  {onProcess && (
                    <Button type="link" size="small" disabled={list.acting} onClick={() => onProcess(record)} data-testid={`alarm-process-${record.id}`}>
                      {t('alarms.actions.process')}
                    </Button>
                  )}
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Table<AlarmRecord>
      rowKey="id"
      size="middle"
      data-testid="alarm-record-table"
      loading={list.loading}
      columns={columns}
      dataSource={list.rows}
      scroll={{ x: 'max-content' }}
      rowClassName={(record) => (record.processingState === ALARM_STATES.new ? styles.unacknowledged! : '')}
      onRow={(record) => ({ 'data-testid': `alarm-row-${record.id}`, 'data-state': String(record.processingState) }) as object}
      locale={{ emptyText: t(list.filters.stateView === 'open' ? 'alarms.records.noneOpen' : 'alarms.records.none') }}
      {...(selectable
        ? {
            rowSelection: {
              selectedRowKeys: list.selectedIds,
              onChange: (keys: Key[]) => list.select(keys.map(Number)),
              getCheckboxProps: (record: AlarmRecord) => ({ disabled: !isOpen(record), 'data-testid': `alarm-select-${record.id}` }) as object,
            },
          }
        : {})}
      pagination={{
        current: list.page,
        pageSize: list.size,
        total: list.total,
        showSizeChanger: true,
        showTotal: (total) => t('alarms.total', { total: withThousands(total, 0) }),
        onChange: (page, size) => void list.setPage(page, size),
      }}
    />
  );
});
