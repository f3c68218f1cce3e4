import { DatePicker, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import type { FuelFactorRef, FuelSummary, FuelSummaryRow } from '@shared/powerImports/api';
import { FUELS, IMPORT_OBJECT_KINDS, type FuelKind, type ImportObjectKind } from '@shared/powerImports/constants';
import { useStores } from '../../stores/StoreContext';
import { createFuelApi } from './importsApi';
import styles from './powerImports.module.css';

const figure = (value: number) => withThousands(value, 2);

export function FactorTags({ factors }: { factors: readonly FuelFactorRef[] }) {
  const { t } = useTranslation();
  return (
    <Flex gap={4} wrap>
      {factors.map((factor) => (
        <Tag key={factor.id ?? 'default'} color={factor.builtIn ? 'default' : 'blue'}>
          {factor.builtIn || factor.validFrom === null ? t('powerImports.totals.builtIn') : t('powerImports.totals.validFrom', { day: factor.validFrom })}
        </Tag>
      ))}
    </Flex>
  );
}

/** Converted totals per fuel and object over a range of days: quantities as given, kWh, kgce, CO₂ and the factor versions used. */
export const FuelTotalsTab = observer(function FuelTotalsTab() {
  const { t } = useTranslation();
  const root = useStores();
  const api = useMemo(() => createFuelApi(root.http), [root.http]);
  const [range, setRange] = useState<[dayjs.Dayjs, dayjs.Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  const [fuel, setFuel] = useState<FuelKind | undefined>(undefined);
  const [objectKind, setObjectKind] = useState<ImportObjectKind | undefined>(undefined);
  const [summary, setSummary] = useState<FuelSummary | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    void api
      .summary({ from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD'), ...(fuel ? { fuel } : {}), ...(objectKind ? { objectKind } : {}) })
      .then(
        (answer) => live && setSummary(answer),
        () => undefined,
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, range, fuel, objectKind]);

  const columns: TableColumnsType<FuelSummaryRow> = [
    {
      key: 'object',
      title: t('powerImports.totals.object'),
      render: (_, row) => (
        <div>
          {row.code} <Typography.Text type="secondary">{row.name}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{t(`powerImports.mapping.objectKinds.${row.objectKind}`)}</Typography.Text>
          </div>
        </div>
      ),
    },
    { key: 'fuel', title: t('powerImports.totals.fuel'), render: (_, row) => t(`powerImports.fuels.${row.fuel}`) },
    {
      key: 'quantity',
      title: t('powerImports.totals.quantity'),
      align: 'right',
      render: (_, row) => (
        <div>
          {row.quantities.map((q) => (
            <div key={q.unit}>{`${figure(q.quantity)} ${t(`powerImports.units.${q.unit}`)}`}</div>
          ))}
        </div>
      ),
    },
    { key: 'kwh', title: t('powerImports.totals.kwh'), align: 'right', render: (_, row) => figure(row.kwh) },
    { key: 'kgce', title: t('powerImports.totals.kgce'), align: 'right', render: (_, row) => figure(row.kgce) },
    { key: 'co2', title: t('powerImports.totals.co2'), align: 'right', render: (_, row) => figure(row.co2Kg) },
    { key: 'factors', title: t('powerImports.totals.factors'), render: (_, row) => <FactorTags factors={row.factors} /> },
  ];
  return (
    <div data-testid="fuel-totals">
      <Flex gap={8} wrap className={styles.figures}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          data-testid="totals-range"
        />
        <Select
          className={styles.filter}
          allowClear
          placeholder={t('powerImports.totals.allFuels')}
          value={fuel}
          onChange={setFuel}
          options={FUELS.map((value) => ({ value, label: t(`powerImports.fuels.${value}`) }))}
          data-testid="totals-fuel"
        />
        <Select
          className={styles.filter}
          allowClear
          placeholder={t('powerImports.totals.allObjects')}
          value={objectKind}
          onChange={setObjectKind}
          options={IMPORT_OBJECT_KINDS.map((value) => ({ value, label: t(`powerImports.mapping.objectKinds.${value}`) }))}
          data-testid="totals-object-kind"
        />
      </Flex>
      <Table
        size="small"
        loading={loading}
        rowKey={(row) => `${row.objectKind}-${row.objectId}-${row.fuel}`}
        columns={columns}
        dataSource={summary?.rows ?? []}
        pagination={(summary?.rows.length ?? 0) > 20 ? { pageSize: 20, size: 'small' } : false}
        locale={{ emptyText: t('powerImports.totals.empty') }}
        data-testid="totals-table"
        summary={() =>
          (summary?.totals ?? []).map((total) => (
            <Table.Summary.Row key={total.fuel} data-testid={`totals-sum-${total.fuel}`}>
              <Table.Summary.Cell index={0} colSpan={3}>
                <Typography.Text strong>{t('powerImports.totals.sum', { fuel: t(`powerImports.fuels.${total.fuel}`) })}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <Typography.Text strong>{figure(total.kwh)}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <Typography.Text strong>{figure(total.kgce)}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <Typography.Text strong>{figure(total.co2Kg)}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} />
            </Table.Summary.Row>
          ))
        }
      />
    </div>
  );
});
