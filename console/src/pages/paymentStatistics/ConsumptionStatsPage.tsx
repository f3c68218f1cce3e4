import { Card, Empty, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATS_CONSUMPTION_BY, type ConsumptionStatsRow } from '@shared/prepaid';
import { EChart } from '../../charts/EChart';
import { useStores } from '../../stores/StoreContext';
import { useEnergyQuery } from '../analysis/shared/useEnergyQuery';
import { energyMilliText, minorText } from '../prepaidPayments/money';
import { chartTexts, groupLabel, STATS_CHART_HEIGHT } from './chartTexts';
import { createPaymentStatisticsApi, type ConsumptionBy } from './paymentStatisticsApi';
import { consumptionOption } from './statsCharts';
import { StatsToolbar } from './StatsToolbar';
import styles from './paymentStatistics.module.css';

const money = (minor: number, testId?: string) => (
  <span className={styles.money} data-testid={testId}>
    {minorText(minor)}
  </span>
);

/**
 * /payment-statistics/consumption-statistics: energy and money charged (charges, fixed fees) over a period of days,
 * grouped by room, department, band, day or month: a stacked bar chart and the table with its totals row.
 */
export function ConsumptionStatsPage() {
  const { t } = useTranslation();
  const root = useStores();
  const api = useMemo(() => createPaymentStatisticsApi(root.http), [root.http]);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs().startOf('day')]);
  const [by, setBy] = useState<ConsumptionBy>('room');
  const [reload, setReload] = useState(0);
  const query = { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD'), by };
  const answer = useEnergyQuery(JSON.stringify({ ...query, reload }), () => api.consumption(query));
  const rows = useMemo(() => (answer.data?.rows ?? []).map((row) => ({ ...row, label: groupLabel(t, by, row) })), [answer.data, by, t]);
  const option = useMemo(() => consumptionOption(rows, chartTexts(t)), [rows, t]);
  // The server's totals row; added up here (integers: exact) only when an older server sends none.
  const server = answer.data?.total;
  const totals = server
    ? { energyMilli: server.energyMilli, charges: server.chargesMinor, fees: server.feesMinor }
    : rows.reduce((sum, row) => ({ energyMilli: sum.energyMilli + row.energyMilli, charges: sum.charges + row.chargesMinor, fees: sum.fees + row.feesMinor }), {
        energyMilli: 0,
        charges: 0,
        fees: 0,
      });

  return (
    <div className={styles.page} data-testid="consumption-stats">
      <StatsToolbar<ConsumptionBy>
        picker="date"
        range={range}
        onRange={setRange}
        by={by}
        byOptions={STATS_CONSUMPTION_BY}
        onBy={setBy}
        loading={answer.loading}
        onRefresh={() => setReload((n) => n + 1)}
        testId="consumption"
      />
      <Card size="small" title={t('paymentStatistics.consumption.chart')}>
        {rows.length ? (
          <EChart option={option} height={STATS_CHART_HEIGHT} loading={answer.loading} ariaLabel={t('paymentStatistics.consumption.chart')} />
        ) : (
          <Empty description={t('paymentStatistics.empty')} style={{ height: STATS_CHART_HEIGHT, alignContent: 'center' }} />
        )}
      </Card>
      <Card size="small">
        <Table<ConsumptionStatsRow>
          size="middle"
          rowKey="key"
          loading={answer.loading}
          dataSource={rows}
          pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          locale={{ emptyText: t('paymentStatistics.empty') }}
          data-testid="consumption-table"
          columns={[
            { key: 'label', title: t(`paymentStatistics.by.${by}`), render: (_, row) => row.label },
            {
              key: 'energy',
              align: 'right',
              title: t('paymentStatistics.columns.energy'),
              render: (_, row) => <span className={styles.money}>{energyMilliText(row.energyMilli)}</span>,
            },
            { key: 'charges', align: 'right', title: t('paymentStatistics.columns.charges'), render: (_, row) => money(row.chargesMinor) },
            { key: 'fees', align: 'right', title: t('paymentStatistics.columns.fees'), render: (_, row) => money(row.feesMinor) },
            {
              key: 'total',
              align: 'right',
              title: t('paymentStatistics.columns.total'),
              render: (_, row) => money(row.chargesMinor + row.feesMinor, `consumption-total-${row.key}`),
            },
          ]}
          summary={() =>
            rows.length ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('paymentStatistics.totalRow')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <span className={styles.money}>{energyMilliText(totals.energyMilli)}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {money(totals.charges)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {money(totals.fees)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {money(totals.charges + totals.fees, 'consumption-grand-total')}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
    </div>
  );
}
