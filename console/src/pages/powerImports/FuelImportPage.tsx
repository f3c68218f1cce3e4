import { Card, Tabs, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FUEL_IMPORT_SCREEN } from '@shared/powerImports/constants';
import { FuelFactorsTab } from './FuelFactorsTab';
import { FuelTotalsTab } from './FuelTotalsTab';
import { ImportPanel } from './ImportPanel';
import { useImportScreen } from './useImportScreen';

/** /power-comparison/oil-hydrogen-data-import: fuel rows imported from a file, their converted totals, the factors. */
export const FuelImportPage = observer(function FuelImportPage() {
  const { t } = useTranslation();
  const screen = useImportScreen('fuel');
  const [tab, setTab] = useState('import');
  return (
    <Card title={t('powerImports.fuel.title')} data-testid="fuel-import-page">
      <Typography.Paragraph type="secondary">{t('powerImports.fuel.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'import', label: t('powerImports.tabs.import'), children: <ImportPanel screen={screen} menu={FUEL_IMPORT_SCREEN} /> },
          { key: 'totals', label: t('powerImports.tabs.totals'), children: <FuelTotalsTab /> },
          { key: 'factors', label: t('powerImports.tabs.factors'), children: <FuelFactorsTab /> },
        ]}
      />
    </Card>
  );
});
