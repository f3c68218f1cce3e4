import { SwapOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { envelopeData } from '@shared/api/envelopeData';
import { meterCheckResource } from '@shared/resources/meterChecks';
import type { ResourceRow } from '@shared/resources';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { useStores } from '../../stores/StoreContext';
import { useEnergyApi } from '../analysis/shared/useEnergyApi';
import { MeterReplacementsDrawer, type MeterSummary } from '../deviceAdmin/MeterReplacementsDrawer';

const DEVICE = '/base/device';

/**
 * /settlement/checkRepair: meter checks and repairs on the resource kit. A replacement row offers "record the
 * replacement", which opens the device screen's replacement drawer for that meter (POST /api/meters/:id/replacements):
 * the energy side of a swap has one mechanism, not two. It shows to users who may read the device screen.
 */
export const MeterChecksPage = observer(function MeterChecksPage() {
  const root = useStores();
  const { t } = useTranslation();
  const energyApi = useEnergyApi();
  const [meter, setMeter] = useState<MeterSummary | null>(null);
  const canSeeReplacements = root.permission.hasRoute(DEVICE);

  const open = async (meterId: number) => {
    try {
      const found = await envelopeData<{ id: number; code: string; name: string; unit: string }>(root.http.get(`/meters/${meterId}`));
      setMeter({ id: found.id, code: found.code, name: found.name, unit: found.unit });
    } catch {
      // The api hook showed why.
    }
  };

  const rowActions = (row: ResourceRow) =>
    row.kind === 'replacement' && canSeeReplacements ? (
      <Button type="link" size="small" icon={<SwapOutlined />} onClick={() => void open(Number(row.meterId))} data-testid={`meter-check-replacement-${row.id}`}>
        {t('monthRegisters.checks.recordReplacement')}
      </Button>
    ) : null;

  return (
    <>
      <ResourceListPage definition={meterCheckResource} title={t('monthRegisters.checks.title')} rowActions={rowActions} />
      {meter && <MeterReplacementsDrawer api={energyApi} meter={meter} canRecord={root.permission.hasButton(DEVICE, 'edit')} onClose={() => setMeter(null)} />}
    </>
  );
});
