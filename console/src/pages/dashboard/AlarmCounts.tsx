import { Card, Statistic } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { AlarmCountKey } from '@shared/stores/alarmStore';
import { useStores } from '../../stores/StoreContext';
import styles from './DashboardPage.module.css';

const CARDS: readonly { key: AlarmCountKey; title: string }[] = [
  { key: 'total', title: 'dashboard.alarmTotal' },
  { key: 'deviceCount', title: 'dashboard.alarmDevice' },
  { key: 'errorCount', title: 'dashboard.alarmError' },
  { key: 'troubleCount', title: 'dashboard.alarmTrouble' },
  { key: 'offlineCount', title: 'dashboard.alarmOffline' },
];

/** The open-alarm counters (processingState 1 or 2) as five cards. */
export const AlarmCounts = observer(function AlarmCounts() {
  const { alarms } = useStores();
  const { t } = useTranslation();
  return (
    <div className={styles.counts}>
      {CARDS.map(({ key, title }) => (
        <Card key={key} size="small" data-testid={`alarm-count-${key}`}>
          <Statistic title={t(title)} value={alarms.counts[key]} />
        </Card>
      ))}
    </div>
  );
});
