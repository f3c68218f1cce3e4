import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createResourceApi, type ResourceRow } from '@shared/resources';
import { entryTonnes, shipFuelEntryResource } from '@shared/resources/shipFuelEntries';
import { SHIPS_MENU } from '@shared/ships/api';
import { withThousands } from '@shared/format';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { createResourceList } from '../../resources/resourceList';
import { ResourceOptions } from '../../resources/ResourceOptions';
import { searchPlaceholder } from '../../resources/resourceTexts';
import { useStores } from '../../stores/StoreContext';
import { FuelEntryDialog, type LegChoice } from './FuelEntryDialog';
import { tonnesText, utcText } from './shipFormat';
import { useShipsApi } from './shipsApi';
import styles from './ships.module.css';

interface FuelEntry extends ResourceRow {
  legId: number | null;
  fuel: string;
  entryDay: string;
  tonnes: number | null;
  litres: number | null;
  densityKgM3: number | null;
  source: 'bdn' | 'manual';
  bdnNumber: string;
  note: string;
}

/**
 * The open ship's fuel entries (bunker delivery notes and entries by hand) on the resource routes, with add, edit
 * and delete under the screen's buttons. Flow meters' fuel is not an entry: it counts from the meters themselves
 * (their tab) and shows in the rating's "fuel from" line.
 */
export const FuelEntriesPanel = observer(function FuelEntriesPanel({ shipId }: { shipId: number }) {
  const root = useStores();
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const shipsApi = useShipsApi();
  const api = useMemo(() => createResourceApi(root.http, shipFuelEntryResource), [root.http]);
  const [list] = useState(() => createResourceList(api, { shipId }));
  const [options] = useState(() => new ResourceOptions(root.http));
  const [legs, setLegs] = useState<LegChoice[]>([]);
  const [editing, setEditing] = useState<{ record?: ResourceRow } | null>(null);
  const gate = { menu: SHIPS_MENU };

  useEffect(() => {
    void list.load();
  }, [list]);

  useEffect(() => {
    let live = true;
    shipsApi
      .voyages(shipId, null)
      .then((answer) => {
        if (!live) return;
        setLegs(
          answer.voyages.flatMap((voyage) =>
            voyage.legs.map((leg) => ({
              value: leg.id,
              label: `${voyage.code} · ${t('ships.voyages.leg', { seq: leg.seq + 1 })}: ${leg.portFrom} → ${leg.portTo} (${utcText(leg.departureAt).slice(0, 10)})`,
            })),
          ),
        );
      })
      // The api hook showed why.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [shipsApi, shipId, t]);

  const legLabel = (id: number | null) => (id === null ? '–' : (legs.find((leg) => leg.value === id)?.label ?? `#${id}`));
  const remove = async (id: number) => {
    if (await list.change(() => api.remove([id]))) notify.success(t('ships.fuel.deleted'));
  };

  const columns: TableColumnsType<ResourceRow> = [
    { key: 'day', title: t('ships.fuel.day'), render: (_, row) => <span className={styles.nowrap}>{(row as FuelEntry).entryDay}</span> },
    { key: 'fuel', title: t('ships.fuel.fuel'), render: (_, row) => t(`resources.items.shipFuelEntry.values.${(row as FuelEntry).fuel}`) },
    {
      key: 'amount',
      title: t('ships.fuel.amount'),
      render: (_, row) => {
        const entry = row as FuelEntry;
        const tonnes = entryTonnes(entry);
        return (
          <div className={styles.numbers} data-testid={`fuel-amount-${entry.id}`}>
            <div>{t('ships.rating.tonnes', { value: tonnesText(tonnes, 3) })}</div>
            {entry.litres !== null && (
              <div className={styles.muted} style={{ fontSize: 12 }}>
                {t('ships.fuel.litresAs', {
                  litres: withThousands(entry.litres, 0),
                  density: withThousands(entry.densityKgM3 ?? 0, 0),
                  tonnes: tonnesText(tonnes, 3),
                })}
              </div>
            )}
          </div>
        );
      },
    },
    {
      key: 'source',
      title: t('ships.fuel.source'),
      render: (_, row) => {
        const entry = row as FuelEntry;
        return (
          <div>
            <Tag color={entry.source === 'bdn' ? 'geekblue' : 'default'}>{t(`ships.fuel.sources.${entry.source}`)}</Tag>
            {entry.bdnNumber && <div className={styles.muted}>{entry.bdnNumber}</div>}
          </div>
        );
      },
    },
    { key: 'leg', title: t('ships.fuel.leg'), render: (_, row) => <CutText text={legLabel((row as FuelEntry).legId)} maxWidth={260} /> },
    { key: 'note', title: t('ships.fuel.note'), render: (_, row) => <CutText text={(row as FuelEntry).note || '–'} maxWidth={180} /> },
    {
      key: 'actions',
      title: t('resources.actions.actions'),
      render: (_, row) => (
        <RowActions
          gate={gate}
          actions={[
            { button: 'edit', label: t('ships.fuel.edit'), icon: <EditOutlined />, onClick: () => setEditing({ record: row }), testId: `fuel-edit-${row.id}` },
            {
              button: 'delete',
              label: t('ships.fuel.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              confirm: t('ships.fuel.confirmDelete'),
              onClick: () => void remove(row.id),
              testId: `fuel-delete-${row.id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div data-testid="ship-fuel">
      <ListToolbar
        list={list}
        gate={gate}
        testId="fuel"
        searchPlaceholder={searchPlaceholder(t, shipFuelEntryResource, i18n.language)}
        onAdd={() => setEditing({})}
        addLabel={t('ships.fuel.add')}
      />
      <ListTable<ResourceRow>
        list={list}
        rowKey="id"
        testId="fuel-table"
        columns={columns}
        emptyText={t('ships.fuel.empty')}
        totalText={(total) => t('resources.actions.total', { total })}
        rowAttributes={(row) => ({ 'data-testid': `fuel-row-${row.id}` })}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
        {t('ships.meters.note')}
      </Typography.Paragraph>
      {editing && (
        <FuelEntryDialog
          shipId={shipId}
          api={api}
          options={options}
          legs={legs}
          {...(editing.record ? { record: editing.record } : {})}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.load();
          }}
        />
      )}
    </div>
  );
});
