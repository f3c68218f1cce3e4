import { Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shipResource } from '@shared/resources/ships';
import { shipFuelMeterResource } from '@shared/resources/shipFuelMeters';
import type { FleetCiiShip } from '@shared/ships/api';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { FleetTable } from './FleetTable';
import { FuelEntriesPanel } from './FuelEntriesPanel';
import { RatingPanel } from './RatingPanel';
import { VoyagesPanel } from './VoyagesPanel';
import styles from './ships.module.css';

/** The open ship: its rating, voyages with EEOI, fuel entries and fuel flow meters. */
function ShipPanel({ ship, onVoyagesChanged }: { ship: FleetCiiShip; onVoyagesChanged(): void }) {
  const { t } = useTranslation();
  return (
    <Card className={styles.panel} data-testid={`ship-panel-${ship.shipId}`}>
      <div className={styles.heading}>
        {t('ships.ship.heading', { name: ship.name, imo: ship.imoNumber, type: t(`resources.items.ship.values.${ship.shipType}`) })}
      </div>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'rating', label: t('ships.ship.tabs.rating'), children: <RatingPanel shipId={ship.shipId} /> },
          { key: 'voyages', label: t('ships.ship.tabs.voyages'), children: <VoyagesPanel shipId={ship.shipId} onChanged={onVoyagesChanged} /> },
          { key: 'fuel', label: t('ships.ship.tabs.fuel'), children: <FuelEntriesPanel shipId={ship.shipId} /> },
          {
            key: 'meters',
            label: t('ships.ship.tabs.meters'),
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('ships.meters.note')}</Typography.Paragraph>
                <ResourceListPage definition={shipFuelMeterResource} fixedFilters={{ shipId: ship.shipId }} />
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * /energy-efficiency-management/ship-energy-consumption: the fleet's IMO CII ratings (a UTC year's letter, attained
 * against required, earlier letters) and, for the ship opened, its rating screen, voyages with EEOI and fuel; the ship
 * register (add, edit, import) on the resource kit.
 */
export function ShipsPage() {
  const { t } = useTranslation();
  const [ship, setShip] = useState<FleetCiiShip | null>(null);
  // A voyage saved or deleted changes the ship's distance and fuel: the fleet's letters load again.
  const [fleetRevision, setFleetRevision] = useState(0);
  return (
    <div data-testid="ships-page">
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            {
              key: 'fleet',
              label: t('ships.tabs.fleet'),
              children: <FleetTable selected={ship?.shipId ?? null} onOpen={setShip} revision={fleetRevision} />,
            },
            { key: 'register', label: t('ships.tabs.register'), children: <ResourceListPage definition={shipResource} /> },
          ]}
        />
      </Card>
      {ship ? (
        <ShipPanel key={ship.shipId} ship={ship} onVoyagesChanged={() => setFleetRevision((value) => value + 1)} />
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }} data-testid="ship-pick">
          {t('ships.ship.pick')}
        </Typography.Paragraph>
      )}
    </div>
  );
}
