import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { skipReasonText } from '../shared/alarmTexts';
import type { AlarmActionOutcome } from './AlarmRecordsController';

const DONE = { acknowledge: 'acknowledged', process: 'processed' } as const;

/**
 * What an acknowledge/process did: the records changed and, one by one, those left as they were with
 * the reason (someone else was faster, the system cleared it …). Stays until dismissed or the next action.
 */
export function ActionOutcomeAlert({ outcome, onClose }: { outcome: AlarmActionOutcome; onClose(): void }) {
  const { t } = useTranslation();
  const ids = (list: number[]) => list.map((id) => `#${id}`).join(', ');
  const changed = outcome.changed.length
    ? t(`alarms.outcome.${DONE[outcome.action]}`, { n: outcome.changed.length, ids: ids(outcome.changed) })
    : t('alarms.outcome.noneChanged');
  return (
    <Alert
      type={outcome.skipped.length ? 'warning' : 'success'}
      showIcon
      closable={{ onClose }}
      style={{ marginBottom: 16 }}
      title={<span data-testid="alarm-outcome-changed">{changed}</span>}
      description={
        outcome.skipped.length ? (
          <div data-testid="alarm-outcome-skipped">
            <div>{t('alarms.outcome.skipped', { n: outcome.skipped.length })}</div>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {outcome.skipped.map((skip) => (
                <li key={skip.id} data-testid={`alarm-skipped-${skip.id}`}>
                  #{skip.id}: {skipReasonText(t, skip.reason)}
                </li>
              ))}
            </ul>
          </div>
        ) : undefined
      }
      data-testid="alarm-outcome"
    />
  );
}
