import { Button, Card, Flex, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmRecordAction } from '@shared/api/alarmsApi';
import { ActionOutcomeAlert } from './ActionOutcomeAlert';
import { AlarmActionDialog } from './AlarmActionDialog';
import { AlarmRecordFilterBar } from './AlarmRecordFilterBar';
import { AlarmRecordTable } from './AlarmRecordTable';
import { useAlarmRecords } from './useAlarmRecords';

/** alerts/batch: open alarms of every kind, ticked and acknowledged or processed together with one note. */
export const AlarmBatchPage = observer(function AlarmBatchPage() {
  const { t } = useTranslation();
  const list = useAlarmRecords();
  const [action, setAction] = useState<AlarmRecordAction | null>(null);
  const selected = list.selectedIds;

  return (
    <Card data-testid="alarm-batch">
      <Typography.Paragraph type="secondary">{t('alarms.batch.intro')}</Typography.Paragraph>
      <AlarmRecordFilterBar list={list} />
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Text data-testid="alarm-batch-selected">{t('alarms.batch.selected', { n: selected.length, count: selected.length })}</Typography.Text>
        <Space>
          <Button disabled={!selected.length || list.acting} onClick={() => setAction('acknowledge')} data-testid="alarm-batch-acknowledge">
            {t('alarms.actions.acknowledge')}
          </Button>
          <Button type="primary" disabled={!selected.length || list.acting} onClick={() => setAction('process')} data-testid="alarm-batch-process">
            {t('alarms.actions.process')}
          </Button>
        </Space>
      </Flex>
      {list.outcome && <ActionOutcomeAlert outcome={list.outcome} onClose={list.dismissOutcome} />}
      <AlarmRecordTable list={list} selectable />
      {action && (
        <AlarmActionDialog
          action={action}
          subject={t('alarms.batch.subject', { n: selected.length, count: selected.length, ids: selected.map((id) => `#${id}`).join(', ') })}
          onClose={() => setAction(null)}
          onConfirm={async (note) => (await list.act(action, selected, note)) !== null}
        />
      )}
    </Card>
  );
});
