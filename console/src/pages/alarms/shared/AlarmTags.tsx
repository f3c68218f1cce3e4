import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmActionKind, AlarmKind, AlarmSeverity, AlarmState } from '@shared/schemas/alarms';

const SEVERITY_COLOURS: Record<AlarmSeverity, string> = { low: 'blue', medium: 'gold', high: 'orange', critical: 'red' };
const STATE_COLOURS: Record<AlarmState, string> = { 1: 'error', 2: 'warning', 3: 'success', 4: 'default' };
const STATE_NAMES: Record<AlarmState, string> = { 1: 'new', 2: 'acknowledged', 3: 'processed', 4: 'cleared' };
const ACTION_COLOURS: Record<AlarmActionKind, string> = {
  raised: 'red',
  repeated: 'volcano',
  acknowledged: 'gold',
  processed: 'green',
  ended: 'blue',
  cleared: 'default',
};

export const stateName = (state: AlarmState): string => STATE_NAMES[state];

export function SeverityTag({ severity }: { severity: AlarmSeverity }) {
  const { t } = useTranslation();
  return <Tag color={SEVERITY_COLOURS[severity]}>{t(`alarms.severity.${severity}`)}</Tag>;
}

export function AlarmStateTag({ state }: { state: AlarmState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[state]} data-testid="alarm-state-tag">
      {t(`alarms.state.${STATE_NAMES[state]}`)}
    </Tag>
  );
}

export function AlarmKindTag({ kind }: { kind: AlarmKind }) {
  const { t } = useTranslation();
  return <Tag>{t(`alarms.kind.${kind}`)}</Tag>;
}

export function AlarmActionTag({ action }: { action: AlarmActionKind }) {
  const { t } = useTranslation();
  return <Tag color={ACTION_COLOURS[action]}>{t(`alarms.action.${action}`)}</Tag>;
}
