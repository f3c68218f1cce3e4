import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { MetersPage } from '../resources/MetersPage';
import { GatewaysTab } from './GatewaysTab';

/** /base/device: the metering hardware. Meters (with replacements and history) and the gateways they report through. */
export function DeviceAdminPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      type="card"
      defaultActiveKey="meters"
      data-testid="device-admin-tabs"
      tabBarStyle={{ marginBottom: 0 }}
      items={[
        { key: 'meters', label: <span data-testid="device-tab-meters">{t('deviceAdmin.tabs.meters')}</span>, children: <MetersPage /> },
        { key: 'gateways', label: <span data-testid="device-tab-gateways">{t('deviceAdmin.tabs.gateways')}</span>, children: <GatewaysTab /> },
      ]}
    />
  );
}
