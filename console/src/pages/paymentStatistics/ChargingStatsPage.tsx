import { Card, Col, Empty, Row, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import { STATS_CHARGING_BY, type ChargingStatsRow } from '@shared/prepaid';
import { EChart } from '../../charts/EChart';
import { useStores } from '../../stores/StoreContext';
import { useEnergyQuery } from '../analysis/shared/useEnergyQuery';
import { minorText } from '../prepaidPayments/money';
import { chartTexts, groupLabel, STATS_CHART_HEIGHT } from './chartTexts';
import { createPaymentStatisticsApi, type ChargingBy } from './paymentStatisticsApi';
import { chargingOption } from './statsCharts';
import { StatsToolbar } from './StatsToolbar';
import styles from './paymentStatistics.module.css';

const money = (minor: number, testId?: string) => (
  <span className={styles.money} data-testid={testId}>
    {minorText(minor)}
  </span>
);

/**
 * /payment-statistics/charging-statistics: top-ups over a period of days by channel, operator, day or month: a pie
 * (shares of channels or operators) or bars (over time), and the table: count, amount, service fees, refunds and
 * what was kept (amount − refunded).
 */
export function ChargingStatsPage() {
  const { t } = useTranslation();
  const root = useStores();
  const api = useMemo(() => createPaymentStatisticsApi(root.http), [root.http]);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs().startOf('day')]);
  const [by, setBy] = useState<ChargingBy>('channel');
  const [reload, setReload] = useState(0);
  const query = { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD'), by };
  const answer = useEnergyQuery(JSON.stringify({ ...query, reload }), () => api.charging(query));
  const rows = useMemo(() => (answer.data?.rows ?? []).map((row) => ({ ...row, label: groupLabel(t, by, row) })), [answer.data, by, t]);
  const pie = by === 'channel' || by === 'operator';
  const option = useMemo(() => chargingOption(rows, pie, chartTexts(t)), [rows, pie, t]);
  const server = answer.data?.total;
  const totals = server
    ? { count: server.count, amount: server.amountMinor, fee: server.serviceFeeMinor, refunded: server.refundedMinor }
    : rows.reduce(
        (sum, row) => ({
          count: sum.count + row.count,
          amount: sum.amount + row.amountMinor,
          fee: sum.fee + row.serviceFeeMinor,
          refunded: sum.refunded + row.refundedMinor,
        }),
        { count: 0, amount: 0, fee: 0, refunded: 0 },
      );

  return (
    <div className={styles.page} data-testid="charging-stats">
      <StatsToolbar<ChargingBy>
        picker="date"
        range={range}
        onRange={setRange}
        by={by}
        byOptions={STATS_CHARGING_BY}
        onBy={setBy}
        loading={answer.loading}
        onRefresh={() => setReload((n) => n + 1)}
        testId="charging"
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={pie ? 10 : 24}>
          <Card size="small" title={t('paymentStatistics.charging.chart')}>
            {rows.length ? (
              <EChart option={option} height={STATS_CHART_HEIGHT} loading={answer.loading} ariaLabel={t('paymentStatistics.charging.chart')} />
            ) : (
              <Empty description={t('paymentStatistics.empty')} style={{ height: STATS_CHART_HEIGHT, alignContent: 'center' }} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={pie ? 14 : 24}>
          <Card size="small">
            <Table<ChargingStatsRow>
              size="middle"
              rowKey="key"
              loading={answer.loading}
              dataSource={rows}
              pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
              locale={{ emptyText: t('paymentStatistics.empty') }}
              data-testid="charging-table"
              columns={[
                { key: 'label', title: t(`paymentStatistics.by.${by}`), render: (_, row) => row.label },
                { key: 'count', align: 'right', title: t('paymentStatistics.columns.count'), render: (_, row) => withThousands(row.count, 0) },
                {
                  key: 'amount',
                  align: 'right',
                  title: t('paymentStatistics.columns.amount'),
                  render: (_, row) => money(row.amountMinor, `charging-amount-${row.key}`),
                },
                { key: 'fee', align: 'right', title: t('paymentStatistics.columns.serviceFee'), render: (_, row) => money(row.serviceFeeMinor) },
                { key: 'refunded', align: 'right', title: t('paymentStatistics.columns.refunded'), render: (_, row) => money(row.refundedMinor) },
                { key: 'kept', align: 'right', title: t('paymentStatistics.columns.kept'), render: (_, row) => money(row.amountMinor - row.refundedMinor) },
              ]}
              summary={() =>
                rows.length ? (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>{t('paymentStatistics.totalRow')}</Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      {withThousands(totals.count, 0)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      {money(totals.amount, 'charging-total-amount')}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">
                      {money(totals.fee)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4} align="right">
                      {money(totals.refunded)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={5} align="right">
                      {money(totals.amount - totals.refunded, 'charging-total-kept')}
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                ) : null
              }
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
