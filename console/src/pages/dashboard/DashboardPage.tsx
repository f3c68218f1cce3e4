import { LogoutOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../routes/redirectTarget';
import { useDocumentTitle } from '../../routes/useDocumentTitle';
import { useStores } from '../../stores/StoreContext';

/** Placeholder home: who is signed in and a way out, until the layout and boards arrive. */
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
    <main style={{ padding: 24 }}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={16}>
          <div>
            <Typography.Title level={3}>{t('route.dashboard')}</Typography.Title>
            <Typography.Text strong data-testid="dashboard-user">
              {t('dashboard.signedInAs', { trueName: session.trueName, username: session.name })}
            </Typography.Text>
          </div>
          <Button icon={<LogoutOutlined />} loading={leaving} onClick={logOut} data-testid="logout">
            {t('dashboard.logout')}
          </Button>
        </Flex>
        <Alert style={{ marginTop: 24 }} type="info" showIcon title={t('dashboard.layoutNote')} />
      </Card>
    </main>
  );
});
