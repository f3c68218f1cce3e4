import { LogoutOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../routes/redirectTarget';
import { useDocumentTitle } from '../../routes/useDocumentTitle';
import { useStores } from '../../stores/StoreContext';
import { AlarmCounts } from './AlarmCounts';
import styles from './DashboardPage.module.css';

/** Home: who is signed in and the open alarms; energy figures join with the metering module. */
export const DashboardPage = observer(function DashboardPage() {
  const { session } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  useDocumentTitle('route.dashboard');

  const logOut = async () => {
    setLeaving(true);
    await session.logout();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <div className={styles.page}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={16}>
          <div>
            <Typography.Title level={3} className={styles.heading}>
              {t('route.dashboard')}
            </Typography.Title>
            <Typography.Text strong data-testid="dashboard-user">
              {t('dashboard.signedInAs', { trueName: session.trueName, username: session.name })}
            </Typography.Text>
          </div>
          <Button icon={<LogoutOutlined />} loading={leaving} onClick={logOut} data-testid="logout">
            {t('dashboard.logout')}
          </Button>
        </Flex>
      </Card>
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('dashboard.openAlarms')}
      </Typography.Title>
      <AlarmCounts />
      <Alert type="info" showIcon title={t('dashboard.meteringNote')} />
    </div>
  );
});
