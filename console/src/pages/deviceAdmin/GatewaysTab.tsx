import { KeyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createEnergyApi } from '@shared/api/energyApi';
import { gatewayResource, type ResourceRow } from '@shared/resources';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { useStores } from '../../stores/StoreContext';
import { GatewayCredentialsDialog } from './GatewayCredentialsDialog';

/** The gateway list (generic resource screen) with each gateway's MQTT login for those who may edit. */
export const GatewaysTab = observer(function GatewaysTab() {
  const root = useStores();
  const { t } = useTranslation();
  const api = useMemo(() => createEnergyApi(root.http), [root.http]);
  const [credentialsOf, setCredentialsOf] = useState<ResourceRow | null>(null);
  const canEdit = root.permission.hasButton(gatewayResource.menu, 'edit');
  return (
    <>
      <ResourceListPage
        definition={gatewayResource}
        {...(canEdit
          ? {
              rowActions: (row: ResourceRow) => (
                <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setCredentialsOf(row)} data-testid={`gateway-credentials-${row.id}`}>
                  {t('deviceAdmin.gateways.credentials')}
                </Button>
              ),
            }
          : {})}
      />
      {credentialsOf && <GatewayCredentialsDialog api={api} gateway={credentialsOf} onClose={() => setCredentialsOf(null)} />}
    </>
  );
});
