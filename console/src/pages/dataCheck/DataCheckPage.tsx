import { Card, Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createEnergyApi } from '@shared/api/energyApi';
import { useStores } from '../../stores/StoreContext';
import { QuarantineTab } from './QuarantineTab';
import { RejectionsTab } from './RejectionsTab';

/** /base/check: data quality. Implausible steps waiting for a decision, and the readings the ingest refused. */
export function DataCheckPage() {
  const root = useStores();
  const { t } = useTranslation();
  const api = useMemo(() => createEnergyApi(root.http), [root.http]);
  return (
    <Card data-testid="data-check-page">
      <Tabs
        defaultActiveKey="quarantine"
        items={[
          {
            key: 'quarantine',
            label: <span data-testid="data-check-tab-quarantine">{t('dataQuality.tabs.quarantine')}</span>,
            children: <QuarantineTab api={api} />,
          },
          {
            key: 'rejections',
            label: <span data-testid="data-check-tab-rejections">{t('dataQuality.tabs.rejections')}</span>,
            children: <RejectionsTab api={api} />,
          },
        ]}
      />
    </Card>
  );
}
