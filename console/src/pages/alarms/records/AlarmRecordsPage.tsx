import { Card, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmRecordAction } from '@shared/api/alarmsApi';
import type { AlarmKind, AlarmRecord } from '@shared/schemas/alarms';
import { ActionOutcomeAlert } from './ActionOutcomeAlert';
import { AlarmActionDialog } from './AlarmActionDialog';
import { AlarmRecordFilterBar } from './AlarmRecordFilterBar';
import { AlarmRecordTable } from './AlarmRecordTable';
import { useAlarmRecords } from './useAlarmRecords';

/** alerts/devices, error, trouble, offline: one kind's records, live, with acknowledge and process per row. */
export const AlarmRecordsPage = observer(function AlarmRecordsPage({ kind }: { kind: AlarmKind }) {
  const { t } = useTranslation();
  const list = useAlarmRecords(kind);
  const [processing, setProcessing] = useState<AlarmRecord | null>(null);

  // The outcome banner above the table says what changed and why anything was skipped.
  const act = async (action: AlarmRecordAction, record: AlarmRecord, note?: string): Promise<boolean> => (await list.act(action, [record.id], note)) !== null;

  return (
    <Card data-testid={`alarm-records-${kind}`}>
      <Typography.Paragraph type="secondary">{t(`alarms.records.intro.${kind}`)}</Typography.Paragraph>
      <AlarmRecordFilterBar list={list} />
      {list.outcome && <ActionOutcomeAlert outcome={list.outcome} onClose={list.dismissOutcome} />}
      <AlarmRecordTable list={list} onAcknowledge={(record) => void act('acknowledge', record)} onProcess={setProcessing} />
      {processing && (
        <AlarmActionDialog
          action="process"
          subject={`#${processing.id} · ${processing.subject.name} · ${processing.message}`}
          onClose={() => setProcessing(null)}
          onConfirm={(note) => act('process', processing, note)}
        />
      )}
    </Card>
  );
});

export const DeviceAlarmsPage = () => <AlarmRecordsPage kind="device" />;
export const ErrorAlarmsPage = () => <AlarmRecordsPage kind="error" />;
export const TroubleAlarmsPage = () => <AlarmRecordsPage kind="trouble" />;
export const OfflineAlarmsPage = () => <AlarmRecordsPage kind="offline" />;
