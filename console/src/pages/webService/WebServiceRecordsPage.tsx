import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProviderCallsPage } from '../pushes/ProviderCallsPage';
import { ForwardCallsList } from './ForwardCallsList';

/**
 * /msg/webServiceRecord: every outbound web service call. Data forwarding calls first; the calls the
 * push channels made to their providers (SMTP, SMS, WeChat) keep their own list in the second tab.
 */
export function WebServiceRecordsPage() {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('webService.records.title')} data-testid="web-service-records-page">
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'forwarding', label: t('webService.records.forwarding'), children: <ForwardCallsList /> },
          { key: 'providers', label: t('webService.records.providers'), children: <ProviderCallsPage /> },
        ]}
      />
    </Card>
  );
}
