import { LineChartOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productionDeviceResource } from '@shared/resources/productionDevices';
import type { ResourceRow } from '@shared/resources';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { DevicePanel } from './DevicePanel';

/**
 * /energy-efficiency-management/production-device: the devices on the resource kit (list, filters, form with the
 * thresholds' rules, export, import) and, for the device picked with "Show", its day: states, figures, timeline and
 * the idle energy of 30 days.
 */
export const ProductionDevicesPage = observer(function ProductionDevicesPage() {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useState<number | null>(null);

  const rowActions = (row: ResourceRow) => (
    <Button type="link" size="small" icon={<LineChartOutlined />} onClick={() => setDeviceId(Number(row.id))} data-testid={`device-show-${row.id}`}>
      {t('productionDevices.show')}
    </Button>
  );

  return (
    <>
      <ResourceListPage definition={productionDeviceResource} title={t('productionDevices.title')} rowActions={rowActions} />
      {deviceId === null ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }} data-testid="device-pick">
          {t('productionDevices.pick')}
        </Typography.Paragraph>
      ) : (
        <DevicePanel deviceId={deviceId} />
      )}
    </>
  );
});
