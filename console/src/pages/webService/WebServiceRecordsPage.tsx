import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ProviderCallsPage } from '../pushes/ProviderCallsPage';
import { ForwardCallsList } from './ForwardCallsList';

/**
 * /msg/webServiceRecord: every outbound web service call. Data forwarding calls first; the calls the
 * push channels made to their providers (SMTP, SMS, WeChat) keep their own list in the second tab.
 */
export function WebServiceRecordsPage() {
  const { t } = useTranslation();
  // A push record's "provider calls" link names its record: open the provider tab it points at.
  const [params] = useSearchParams();
  const opening = params.has('recordId') ? 'providers' : 'forwarding';
  return (
    <Card size="small" title={t('webService.records.title')} data-testid="web-service-records-page">
      <Tabs
        destroyOnHidden={false}
        defaultActiveKey={opening}
        items={[
          { key: 'forwarding', label: t('webService.records.forwarding'), children: <ForwardCallsList /> },
          { key: 'providers', label: t('webService.records.providers'), children: <ProviderCallsPage /> },
        ]}
      />
    </Card>
  );
}
