import { Card, Statistic } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { withThousands } from '@shared/format';
import type { EnergySummary } from '@shared/schemas/energy';
import { useStores } from '../../stores/StoreContext';
import styles from './DashboardPage.module.css';

const CHECK_PATH = '/base/check';

function Tile({ testId, title, value, extra, alert = false }: { testId: string; title: string; value: number; extra?: ReactNode; alert?: boolean }) {
  return (
    <Card size="small" data-testid={testId}>
      <Statistic title={title} value={withThousands(value, 0)} suffix={extra} {...(alert && value > 0 ? { styles: { content: { color: '#cf1322' } } } : {})} />
    </Card>
  );
}

/** Is the metering healthy: meters and gateways reporting, readings waiting for an operator or refused. */
export const MeteringStatus = observer(function MeteringStatus({ summary }: { summary: EnergySummary }) {
  const { t } = useTranslation();
  const { permission } = useStores();
  const ofTotal = (total: number) => <span className={styles.ofTotal}>{t('home.status.ofTotal', { total: withThousands(total, 0) })}</span>;
  const review = permission.hasRoute(CHECK_PATH) && summary.pendingQuarantine > 0 && (
    <Link to={CHECK_PATH} className={styles.reviewLink} data-testid="home-review-quarantine">
      {t('home.status.review')}
    </Link>
  );
  return (
    <div className={styles.status}>
      <Tile testId="home-meters-online" title={t('home.status.metersOnline')} value={summary.meters.online} extra={ofTotal(summary.meters.total)} />
      <Tile testId="home-meters-offline" title={t('home.status.metersOffline')} value={summary.meters.offline} alert />
      <Tile testId="home-gateways-online" title={t('home.status.gatewaysOnline')} value={summary.gateways.online} extra={ofTotal(summary.gateways.total)} />
      <Tile testId="home-pending-quarantine" title={t('home.status.pendingQuarantine')} value={summary.pendingQuarantine} extra={review || undefined} alert />
      <Tile testId="home-rejected-last-day" title={t('home.status.rejectedLastDay')} value={summary.rejectedLastDay} alert />
    </div>
  );
});
