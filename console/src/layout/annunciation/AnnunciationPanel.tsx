import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Alert, Button, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AlarmSounder } from '@shared/annunciation/alarmSounder';
import { useStores } from '../../stores/StoreContext';
import type { AcknowledgeController } from './acknowledgeController';
import { ALERT_SCREENS } from './alertScreens';
import styles from './AlarmBell.module.css';
import { AlarmRow } from './AlarmRow';
import { skipReasonText } from './skipReasons';

interface AnnunciationPanelProps {
  sounder: AlarmSounder;
  acknowledger: AcknowledgeController;
  /** A link was followed: the popover closes. */
  onNavigate: () => void;
}

/** The bell's popover: the unacknowledged alarms, newest first, to acknowledge one by one or all at once. */
export const AnnunciationPanel = observer(function AnnunciationPanel({ sounder, acknowledger, onNavigate }: AnnunciationPanelProps) {
  const { alarms, permission } = useStores();
  const { t } = useTranslation();
  const waiting = alarms.unacknowledged;
  const subjects = new Map(alarms.recent.map((record) => [record.id, record.subject.name]));
  const alertsLink = ALERT_SCREENS.find((fullpath) => permission.hasRoute(fullpath));
  const muteLabel = t(sounder.muted ? 'annunciation.unmute' : 'annunciation.mute');

  return (
    <div className={styles.panel} data-testid="alarm-panel" role="dialog" aria-label={t('annunciation.title')}>
      <div className={styles.panelHeader}>
        <strong>{t('annunciation.title')}</strong>
        <Tooltip title={muteLabel}>
          <Button
            type="text"
            size="small"
            data-testid="alarm-mute"
            aria-label={muteLabel}
            aria-pressed={sounder.muted}
            icon={sounder.muted ? <MutedOutlined /> : <SoundOutlined />}
            onClick={() => sounder.setMuted(!sounder.muted)}
          />
        </Tooltip>
      </div>
      {acknowledger.skipped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className={styles.skipped}
          data-testid="alarm-skipped"
          title={t('annunciation.skipped')}
          description={
            <ul className={styles.skippedList}>
              {acknowledger.skipped.map(({ id, reason }) => (
                <li key={id}>{t('annunciation.skippedItem', { id, subject: subjects.get(id) ?? '', reason: skipReasonText(reason, t) })}</li>
              ))}
            </ul>
          }
        />
      )}
      {waiting.length === 0 ? (
        <div className={styles.empty} data-testid="alarm-empty">
          {acknowledger.changedCount ? t('annunciation.acknowledged', { count: acknowledger.changedCount }) : t('annunciation.empty')}
        </div>
      ) : (
        <ul className={styles.alarmList}>
          {waiting.map((record) => (
            <AlarmRow key={record.id} record={record} acknowledger={acknowledger} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
      <div className={styles.panelFooter}>
        {alertsLink ? (
          <Link to={alertsLink} onClick={onNavigate} data-testid="alarm-open-alerts">
            {t('annunciation.openAlerts')}
          </Link>
        ) : (
          <span />
        )}
        <Button
          type="primary"
          size="small"
          data-testid="alarm-ack-all"
          disabled={waiting.length === 0}
          loading={acknowledger.pending.length > 1}
          onClick={() => void acknowledger.acknowledge(waiting.map((record) => record.id))}
        >
          {t('annunciation.acknowledgeAll')}
        </Button>
      </div>
    </div>
  );
});
