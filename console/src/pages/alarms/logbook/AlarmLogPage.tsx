import { Card, Input, Select, Space, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import { ALARM_ACTIONS, ALARM_KINDS, type AlarmActionEntry, type AlarmActionKind, type AlarmKind } from '@shared/schemas/alarms';
import { CutText } from '../../../lists/CutText';
import { ListTable } from '../../../lists/ListTable';
import { ListToolbar } from '../../../lists/ListToolbar';
import { useStores } from '../../../stores/StoreContext';
import { AlarmActionTag, AlarmKindTag, SeverityTag } from '../shared/AlarmTags';
import { RangeFilter } from '../shared/RangeFilter';
import { useAlarmsApi } from '../shared/useAlarmsApi';
import { createAlarmLog, watchAlarmLog } from './AlarmLogController';

/** alarm-management/message: the alarm logbook, filtered by action, kind, person and time. */
export const AlarmLogPage = observer(function AlarmLogPage() {
  const root = useStores();
  const { t } = useTranslation();
  const api = useAlarmsApi();
  const [log] = useState(() => createAlarmLog(api));
  useEffect(() => {
    void log.load();
    return watchAlarmLog(log, root.alarms);
  }, [log, root.alarms]);

  const columns: TableColumnsType<AlarmActionEntry> = [
    { key: 'at', title: t('alarms.log.at'), render: (_, entry) => formatDateTime(entry.at) },
    { key: 'action', title: t('alarms.log.action'), render: (_, entry) => <AlarmActionTag action={entry.action} /> },
    {
      key: 'actor',
      title: t('alarms.log.actor'),
      render: (_, entry) =>
        entry.actor ? <Typography.Text strong>{entry.actor}</Typography.Text> : <Typography.Text type="secondary">{t('alarms.log.system')}</Typography.Text>,
    },
    {
      key: 'record',
      title: t('alarms.log.record'),
      render: (_, entry) => (
        <div style={{ minWidth: 220 }}>
          <Space size={4} wrap>
            <Typography.Text type="secondary">#{entry.recordId}</Typography.Text>
            <AlarmKindTag kind={entry.kind} />
            <SeverityTag severity={entry.severity} />
            <Typography.Text strong>{entry.subjectName}</Typography.Text>
          </Space>
          <div>
            <CutText text={entry.message} maxWidth={420} type="secondary" />
          </div>
        </div>
      ),
    },
    { key: 'note', title: t('alarms.columns.note'), render: (_, entry) => <CutText text={entry.note} rows={2} maxWidth={320} /> },
  ];

  return (
    <Card data-testid="alarm-log">
      <Typography.Paragraph type="secondary">{t('alarms.log.intro')}</Typography.Paragraph>
      <ListToolbar
        list={log}
        testId="alarm-log"
        filters={
          <>
            <Select<AlarmActionKind>
              allowClear
              style={{ width: 170 }}
              placeholder={t('alarms.log.anyAction')}
              value={log.filters.action}
              options={ALARM_ACTIONS.map((action) => ({ value: action, label: t(`alarms.action.${action}`) }))}
              onChange={(action) => void log.setFilter('action', action)}
              data-testid="alarm-log-action"
            />
            <Select<AlarmKind>
              allowClear
              style={{ width: 160 }}
              placeholder={t('alarms.filters.anyKind')}
              value={log.filters.kind}
              options={ALARM_KINDS.map((kind) => ({ value: kind, label: t(`alarms.kind.${kind}`) }))}
              onChange={(kind) => void log.setFilter('kind', kind)}
              data-testid="alarm-log-kind"
            />
            <Input.Search
              allowClear
              style={{ width: 200 }}
              placeholder={t('alarms.log.actorPlaceholder')}
              onSearch={(actor) => void log.setFilter('actor', actor)}
              data-testid="alarm-log-actor"
            />
            <RangeFilter
              from={log.filters.range?.[0]}
              to={log.filters.range?.[1]}
              onChange={(from, to) => void log.setFilter('range', from !== undefined && to !== undefined ? [from, to] : undefined)}
              of="at"
              testId="alarm-log-range"
            />
          </>
        }
      />
      <ListTable<AlarmActionEntry>
        list={log}
        rowKey="id"
        testId="alarm-log-table"
        columns={columns}
        rowAttributes={(entry) => ({ 'data-testid': `alarm-log-row-${entry.id}` })}
        emptyText={t('alarms.log.none')}
        totalText={(total) => t('alarms.total', { total })}
      />
    </Card>
  );
});
