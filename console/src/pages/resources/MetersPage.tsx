import { useMemo, useState } from 'react';
import { createEnergyApi } from '@shared/api/energyApi';
import { meterResource } from '@shared/resources';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { useStores } from '../../stores/StoreContext';
import { MeterReplacementsDrawer, type MeterSummary } from '../deviceAdmin/MeterReplacementsDrawer';
import { MeterRowActions } from '../deviceAdmin/MeterRowActions';

/** The meter list, generated from its resource definition, plus each meter's replacements and history. */
export function MetersPage() {
  const root = useStores();
  const api = useMemo(() => createEnergyApi(root.http), [root.http]);
  const [replacementsOf, setReplacementsOf] = useState<MeterSummary | null>(null);
  return (
    <>
      <ResourceListPage definition={meterResource} rowActions={(row) => <MeterRowActions row={row} onReplacements={setReplacementsOf} />} />
      {replacementsOf && (
        <MeterReplacementsDrawer
          api={api}
          meter={replacementsOf}
          canRecord={root.permission.hasButton(meterResource.menu, 'edit')}
          onClose={() => setReplacementsOf(null)}
        />
      )}
    </>
  );
}
