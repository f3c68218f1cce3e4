import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import { CII_FIRST_YEAR, SHIPS_MENU, type FuelTotal, type ShipVoyagesAnswer, type VoyageAnswer, type VoyageLegAnswer } from '@shared/ships/api';
import type { CargoUnit } from '@shared/ships/schemas';
import { useNotify } from '../../feedback/notify';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { ciiText, currentUtcYear, tonnesText, utcText } from './shipFormat';
import { useShipsApi } from './shipsApi';
import styles from './ships.module.css';
import { VoyageDialog } from './VoyageDialog';
import { useVoyageWrites } from './voyageWrites';

const fuelTonnes = (fuels: readonly FuelTotal[]): number => fuels.reduce((sum, fuel) => sum + fuel.tonnes, 0);

/** Departure over arrival in one cell, so the table fits 1366 px. */
function Times({ from, to }: { from: number; to: number }) {
  return (
    <div className={styles.numbers}>
      <div className={styles.nowrap}>{utcText(from)}</div>
      <div className={`${styles.nowrap} ${styles.muted}`}>{utcText(to)}</div>
    </div>
  );
}

/**
 * A ship's voyages with their legs: distance, fuel, CO2, transport work, EEOI per voyage and rolling (MEPC.1/Circ.684);
 * ballast legs marked. Filtered to the voyages with a leg in a UTC year, or all. New voyage, edit and delete under the
 * screen's add/edit/delete buttons; after a change the list reloads and `onChanged` tells the page (the fleet's letters).
 */
export function VoyagesPanel({ shipId, onChanged }: { shipId: number; onChanged?: () => void }) {
  const { t } = useTranslation();
  const api = useShipsApi();
  const writes = useVoyageWrites();
  const notify = useNotify();
  const [year, setYear] = useState<number | null>(currentUtcYear());
  const [answer, setAnswer] = useState<ShipVoyagesAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  // Bumped after a write: the list loads again.
  const [revision, setRevision] = useState(0);
  const [editing, setEditing] = useState<{ voyage?: VoyageAnswer } | null>(null);
  const gate = { menu: SHIPS_MENU };
  const reload = async () => setRevision((value) => value + 1);
  const changed = () => {
    void reload();
    onChanged?.();
  };
  const remove = async (voyage: VoyageAnswer) => {
    try {
      await writes.remove(voyage.id);
    } catch {
      // The api hook showed why.
      return;
    }
    notify.success(t('ships.voyageForm.deleted', { code: voyage.code }));
    changed();
  };

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .voyages(shipId, year)
      .then((result) => live && setAnswer(result))
      // The api hook showed why.
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, shipId, year, revision]);

  const unitText = (unit: CargoUnit) => t(`ships.voyages.units.${unit}`);
  const eeoiUnit = (unit: CargoUnit) => t('ships.voyages.eeoiUnit', { unit: unitText(unit) });
  const eeoiCell = (value: number | null, unit: CargoUnit) =>
    value === null ? (
      <span className={styles.muted}>{t('ships.voyages.noEeoi')}</span>
    ) : (
      <span>
        <span className={styles.numbers}>{ciiText(value)}</span>
        <div className={styles.muted} style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {eeoiUnit(unit)}
        </div>
      </span>
    );

  const columns: TableColumnsType<VoyageAnswer> = [
    {
      key: 'code',
      title: t('ships.voyages.code'),
      render: (_, voyage) => (
        <div>
          {/* A voyage number such as BOHAI-111 reads as one word: never broken at its hyphen. */}
          <div style={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{voyage.code}</div>
          <div className={styles.muted}>{t('ships.voyages.legs', { count: voyage.legs.length })}</div>
        </div>
      ),
    },
    {
      key: 'route',
      title: t('ships.voyages.route'),
      render: (_, voyage) => `${voyage.legs[0]?.portFrom ?? ''} → ${voyage.legs[voyage.legs.length - 1]?.portTo ?? ''}`,
    },
    {
      key: 'times',
      title: `${t('ships.voyages.departure')} / ${t('ships.voyages.arrival')}`,
      render: (_, voyage) => <Times from={voyage.departureAt} to={voyage.arrivalAt} />,
    },
    { key: 'distance', title: t('ships.voyages.distance'), align: 'right', render: (_, voyage) => withThousands(voyage.distanceNm, 0) },
    { key: 'fuel', title: t('ships.voyages.fuel'), align: 'right', render: (_, voyage) => tonnesText(fuelTonnes(voyage.fuels)) },
    { key: 'co2', title: t('ships.voyages.co2'), align: 'right', render: (_, voyage) => tonnesText(voyage.co2Tonnes) },
    {
      key: 'eeoi',
      title: t('ships.voyages.eeoi'),
      render: (_, voyage) => <span data-testid={`voyage-eeoi-${voyage.id}`}>{eeoiCell(voyage.eeoi, voyage.cargoUnit)}</span>,
    },
    { key: 'rolling', title: t('ships.voyages.rollingEeoi'), render: (_, voyage) => eeoiCell(voyage.rollingEeoi, voyage.cargoUnit) },
    {
      key: 'actions',
      title: t('resources.actions.actions'),
      render: (_, voyage) => (
        <RowActions
          gate={gate}
          actions={[
            {
              button: 'edit',
              label: t('ships.voyageForm.edit'),
              icon: <EditOutlined />,
              onClick: () => setEditing({ voyage }),
              testId: `voyage-edit-${voyage.id}`,
            },
            {
              button: 'delete',
              label: t('ships.voyageForm.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              confirm: t('ships.voyageForm.confirmDelete', { code: voyage.code }),
              onClick: () => void remove(voyage),
              testId: `voyage-delete-${voyage.id}`,
            },
          ]}
        />
      ),
    },
  ];

  const legColumns: TableColumnsType<VoyageLegAnswer> = [
    // seq counts from 0 in the API; people count legs from 1.
    { key: 'seq', title: '#', render: (_, leg) => leg.seq + 1, width: 40 },
    { key: 'ports', title: t('ships.voyages.route'), render: (_, leg) => `${leg.portFrom} → ${leg.portTo}` },
    {
      key: 'times',
      title: `${t('ships.voyages.departure')} / ${t('ships.voyages.arrival')}`,
      render: (_, leg) => <Times from={leg.departureAt} to={leg.arrivalAt} />,
    },
    { key: 'distance', title: t('ships.voyages.distance'), align: 'right', render: (_, leg) => withThousands(leg.distanceNm, 0) },
    {
      key: 'cargo',
      title: t('ships.voyages.cargo'),
      render: (_, leg) => (
        <div>
          {leg.condition === 'ballast' ? (
            <Tag color="orange" data-testid={`leg-ballast-${leg.id}`}>
              {t('ships.voyages.ballast')}
            </Tag>
          ) : (
            <Tag color="blue">{t('ships.voyages.laden')}</Tag>
          )}
          {leg.condition === 'laden' && (
            <div className={styles.numbers}>
              {withThousands(leg.cargo, 0)} {unitText(leg.cargoUnit)}
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'fuel',
      title: t('ships.voyages.fuel'),
      render: (_, leg) =>
        leg.fuels.length === 0
          ? '–'
          : leg.fuels.map((fuel) => (
              <div key={fuel.fuel} className={styles.numbers}>
                {t(`resources.items.shipFuelEntry.values.${fuel.fuel}`)}: {tonnesText(fuel.tonnes, 2)}
              </div>
            )),
    },
    { key: 'co2', title: t('ships.voyages.co2'), align: 'right', render: (_, leg) => tonnesText(leg.co2Tonnes) },
    { key: 'work', title: t('ships.voyages.transportWork'), align: 'right', render: (_, leg) => withThousands(leg.transportWork, 0) },
  ];

  const yearChoices: { value: number | 'all'; label: string }[] = [{ value: 'all', label: t('ships.voyages.allYears') }];
  for (let choice = currentUtcYear(); choice >= CII_FIRST_YEAR; choice--) yearChoices.push({ value: choice, label: String(choice) });

  return (
    <div data-testid="ship-voyages">
      <ListToolbar
        list={{ loading, load: reload }}
        gate={gate}
        testId="voyage"
        filters={
          <>
            <span>{t('ships.voyages.year')}</span>
            <Select
              value={year ?? 'all'}
              options={yearChoices}
              onChange={(value: number | 'all') => setYear(value === 'all' ? null : value)}
              style={{ width: 140 }}
              data-testid="voyages-year"
            />
            {answer &&
              (answer.cargoUnit === null && answer.voyages.length > 0 ? (
                <Typography.Text type="secondary">{t('ships.voyages.mixedUnits')}</Typography.Text>
              ) : (
                answer.cargoUnit !== null && (
                  <Typography.Text strong data-testid="voyages-rolling">
                    {t('ships.voyages.fleetRolling', { value: `${ciiText(answer.rollingEeoi)} ${eeoiUnit(answer.cargoUnit)}` })}
                  </Typography.Text>
                )
              ))}
          </>
        }
        onAdd={() => setEditing({})}
        addLabel={t('ships.voyageForm.add')}
      />
      <ListTable<VoyageAnswer>
        rowKey="id"
        size="small"
        rows={answer?.voyages ?? []}
        loading={loading}
        clientPageSize={10}
        columns={columns}
        emptyText={t('ships.voyages.empty')}
        expandable={{
          expandedRowRender: (voyage) => (
            <ListTable<VoyageLegAnswer> rowKey="id" size="small" columns={legColumns} rows={voyage.legs} testId={`voyage-legs-${voyage.id}`} />
          ),
        }}
        rowAttributes={(voyage) => ({ 'data-testid': `voyage-row-${voyage.id}` })}
        testId="voyages-table"
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('ships.voyages.eeoiNote')}
      </Typography.Paragraph>
      {editing && (
        <VoyageDialog
          shipId={shipId}
          writes={writes}
          {...(editing.voyage ? { voyage: editing.voyage } : {})}
          {...(answer?.voyages.length ? { cargoUnit: answer.voyages[answer.voyages.length - 1]!.cargoUnit } : {})}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            changed();
          }}
        />
      )}
    </div>
  );
}
