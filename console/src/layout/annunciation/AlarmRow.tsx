import { Button, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@shared/format/time';
import type { AlarmRecord, AlarmSeverity } from '@shared/schemas/alarms';
import { useStores } from '../../stores/StoreContext';
import type { AcknowledgeController } from './acknowledgeController';
import { ALERT_SCREEN_OF_KIND } from './alertScreens';
import styles from './AlarmBell.module.css';

const SEVERITY_COLOURS: Record<AlarmSeverity, string> = { low: 'default', medium: 'gold', high: 'orange', critical: 'red' };

/** One unacknowledged alarm: severity, subject, message (plain text), when raised, and its actions. */
export const AlarmRow = observer(function AlarmRow({
  record,
  acknowledger,
  onNavigate,
}: {
  record: AlarmRecord;
  acknowledger: AcknowledgeController;
  onNavigate: () => void;
}) {
  const { permission } = useStores();
  const { t } = useTranslation();
  const screen = ALERT_SCREEN_OF_KIND[record.kind];
  const { subject } = record;
  return (
    <li className={styles.alarmRow} data-testid={`alarm-item-${record.id}`}>
      <div className={styles.alarmHead}>
        <Tag color={SEVERITY_COLOURS[record.severity]} data-testid={`alarm-severity-${record.id}`}>
          {t(`annunciation.severity.${record.severity}`)}
        </Tag>
        <span className={styles.subject} title={subject.name}>
          {subject.code && subject.code !== subject.name ? `${subject.name} (${subject.code})` : subject.name}
        </span>
      </div>
      <div className={styles.message}>{record.message}</div>
      <div className={styles.alarmFoot}>
        <time className={styles.raisedAt} dateTime={new Date(record.raisedAt).toISOString()}>
          {formatDateTime(record.raisedAt)}
        </time>
        <span className={styles.rowActions}>
          {permission.hasRoute(screen) && (
            <Link to={screen} onClick={onNavigate} data-testid={`alarm-details-${record.id}`}>
              {t('annunciation.details')}
            </Link>
          )}
          <Button
            size="small"
            data-testid={`alarm-ack-${record.id}`}
            loading={acknowledger.pending.length === 1 && acknowledger.pending[0] === record.id}
            disabled={acknowledger.pending.length > 0}
            onClick={() => void acknowledger.acknowledge([record.id])}
          >
            {t('annunciation.acknowledge')}
          </Button>
        </span>
      </div>
    </li>
  );
});
