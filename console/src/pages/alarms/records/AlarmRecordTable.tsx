import { Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatDateTime, withThousands } from '@shared/format';
import { ALARM_STATES, type AlarmRecord } from '@shared/schemas/alarms';
import { CutText } from '../../../lists/CutText';
import { ListTable } from '../../../lists/ListTable';
import { RowActions } from '../../../lists/RowActions';
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
      <Typography.Text type="secondary" className={styles.muted}>
        {formatDateTime(at)}
      </Typography.Text>
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
            <Typography.Text type="warning" className={styles.muted} data-testid="alarm-ongoing">
              {t('alarms.columns.ongoing')}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" className={styles.muted}>
              {t('alarms.columns.endedAt', { at: formatDateTime(record.endedAt) })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    ...(list.fixedKind
      ? []
      : [{ key: 'kind', title: t('alarms.columns.kind'), render: (_: unknown, record: AlarmRecord) => <AlarmKindTag kind={record.kind} /> }]),
    {
      key: 'subject',
      title: t('alarms.columns.subject'),
      render: (_, record) => (
        <div style={{ minWidth: 140 }}>
          <Typography.Text strong>{record.subject.name}</Typography.Text>
          {record.subject.code && (
            <Typography.Text type="secondary" className={styles.muted}>
              {record.subject.code}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'message',
      title: t('alarms.columns.message'),
      render: (_, record) => {
        const message = recordMessage(t, record);
        return <CutText text={message} rows={2} maxWidth={220} />;
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
      render: (_, record) => <CutText text={record.note} rows={2} maxWidth={160} />,
    },
    ...(onAcknowledge || onProcess
      ? [
          {
            key: 'actions',
            title: t('alarms.columns.actions'),
            render: (_: unknown, record: AlarmRecord) =>
              isOpen(record) ? (
                <RowActions
                  actions={[
                    onAcknowledge &&
                      record.processingState === ALARM_STATES.new && {
                        label: t('alarms.actions.acknowledge'),
                        disabled: list.acting,
                        onClick: () => onAcknowledge(record),
                        testId: `alarm-acknowledge-${record.id}`,
                      },
                    onProcess && {
                      label: t('alarms.actions.process'),
                      disabled: list.acting,
                      onClick: () => onProcess(record),
                      testId: `alarm-process-${record.id}`,
                    },
                  ]}
                />
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <ListTable<AlarmRecord>
      list={list.list}
      rowKey="id"
      testId="alarm-record-table"
      columns={columns}
      rowClassName={(record) => (record.processingState === ALARM_STATES.new ? styles.unacknowledged! : '')}
      rowAttributes={(record) => ({ 'data-testid': `alarm-row-${record.id}`, 'data-state': String(record.processingState) })}
      emptyText={t(list.filters.stateView === 'open' ? 'alarms.records.noneOpen' : 'alarms.records.none')}
      totalText={(total) => t('alarms.total', { total })}
      selectable={selectable && { disabled: (record) => !isOpen(record), testId: (record) => `alarm-select-${record.id}` }}
    />
  );
});
