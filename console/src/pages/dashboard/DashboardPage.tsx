import { ClockCircleOutlined, GlobalOutlined, LogoutOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Spin, Tooltip, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createEnergyApi } from '@shared/api/energyApi';
import { formatDateTime } from '@shared/format';
import { LOGIN_PATH } from '../../routes/redirectTarget';
import { useDocumentTitle } from '../../routes/useDocumentTitle';
import { useStores } from '../../stores/StoreContext';
import { agoText } from '../../i18n/agoText';
import { HomeAnnouncements } from '../inquiry/HomeAnnouncements';
import { AlarmCounts } from './AlarmCounts';
import { EnergyTotals } from './EnergyTotals';
import { HomeSummaryController } from './HomeSummaryController';
import { MeteringStatus } from './MeteringStatus';
import { TopDepartments } from './TopDepartments';
import styles from './DashboardPage.module.css';

// echarts is the heaviest part of the page: it loads once there are figures to draw.
const TodayByHourChart = lazy(() => import('./TodayByHourChart').then((m) => ({ default: m.TodayByHourChart })));

/** Home: who is signed in, the site's energy today and this month, metering health and the open alarms. */
export const DashboardPage = observer(function DashboardPage() {
  const root = useStores();
  const { session } = root;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [home] = useState(() => new HomeSummaryController(createEnergyApi(root.http).summary, document));
  useDocumentTitle('route.dashboard');
  useEffect(() => home.activate(), [home]);

  const logOut = async () => {
    setLeaving(true);
    await session.logout();
    navigate(LOGIN_PATH, { replace: true });
  };

  const summary = home.summary;
  const electricityUnit = summary?.totals.find((total) => total.energyType === 'electricity')?.unit ?? 'kWh';

  return (
    <div className={styles.page}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap="middle">
          <div>
            <Typography.Title level={3} className={styles.heading}>
              {t('route.dashboard')}
            </Typography.Title>
            <Typography.Text strong data-testid="dashboard-user">
              {t('dashboard.signedInAs', { trueName: session.trueName, username: session.name })}
            </Typography.Text>
          </div>
          <Flex align="center" wrap gap="middle">
            {summary && (
              <Flex vertical gap={2} className={styles.context}>
                <Tooltip title={summary.lastReadingAt === null ? undefined : formatDateTime(summary.lastReadingAt)}>
                  <Typography.Text data-testid="home-last-reading">
                    <ClockCircleOutlined />{' '}
                    {summary.lastReadingAt === null ? t('home.noReading') : t('home.lastReading', { ago: agoText(t, summary.lastReadingAt, home.fetchedAt) })}
                  </Typography.Text>
                </Tooltip>
                <Typography.Text type="secondary" data-testid="home-time-zone">
                  <GlobalOutlined /> {t('home.timeZone', { zone: summary.timeZone })}
                </Typography.Text>
              </Flex>
            )}
            <Button icon={<LogoutOutlined />} loading={leaving} onClick={logOut} data-testid="logout">
              {t('dashboard.logout')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      <HomeAnnouncements />
      {summary && home.failed && (
        <Alert type="warning" showIcon title={t('home.refreshFailed', { time: formatDateTime(home.fetchedAt) })} data-testid="home-refresh-failed" />
      )}
      {summary ? (
        <>
          <EnergyTotals totals={summary.totals} />
          <div className={styles.split}>
            <Suspense fallback={<Card size="small" loading />}>
              <TodayByHourChart hours={summary.todayByHour} timeZone={summary.timeZone} unit={electricityUnit} />
            </Suspense>
            <TopDepartments departments={summary.topDepartments} unit={electricityUnit} />
          </div>
          <MeteringStatus summary={summary} />
        </>
      ) : home.failed ? (
        <Alert type="warning" showIcon title={t('home.unavailable')} data-testid="home-unavailable" />
      ) : (
        <Card size="small">
          <Spin description={t('home.loading')} data-testid="home-loading">
            <div className={styles.placeholder} />
          </Spin>
        </Card>
      )}
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('dashboard.openAlarms')}
      </Typography.Title>
      <AlarmCounts />
    </div>
  );
});
