import { Card, Empty, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import type { BillStatsRow } from '@shared/prepaid';
import { EChart } from '../../charts/EChart';
import { useStores } from '../../stores/StoreContext';
import { useEnergyQuery } from '../analysis/shared/useEnergyQuery';
import { minorText } from '../prepaidPayments/money';
import { chartTexts, STATS_CHART_HEIGHT } from './chartTexts';
import { createPaymentStatisticsApi } from './paymentStatisticsApi';
import { billStatsOption } from './statsCharts';
import { StatsToolbar } from './StatsToolbar';
import styles from './paymentStatistics.module.css';

const money = (minor: number, testId?: string) => (
  <span className={styles.money} data-testid={testId}>
    {minorText(minor)}
  </span>
);

/** /payment-statistics/billrecord-statistics: bills per month (the last 12 finished months by default): issued, paid, overdue, charged and outstanding. */
export function BillStatsPage() {
  const { t } = useTranslation();
  const root = useStores();
  const api = useMemo(() => createPaymentStatisticsApi(root.http), [root.http]);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(12, 'month').startOf('month'), dayjs().subtract(1, 'month').startOf('month')]);
  const [reload, setReload] = useState(0);
  const query = { from: range[0].format('YYYY-MM'), to: range[1].format('YYYY-MM') };
  const answer = useEnergyQuery(JSON.stringify({ ...query, reload }), () => api.bills(query));
  const rows = useMemo(() => answer.data ?? [], [answer.data]);
  const option = useMemo(() => billStatsOption(rows, chartTexts(t)), [rows, t]);

  return (
    <div className={styles.page} data-testid="bill-stats">
      <StatsToolbar picker="month" range={range} onRange={setRange} loading={answer.loading} onRefresh={() => setReload((n) => n + 1)} testId="bill-stats" />
      <Card size="small" title={t('paymentStatistics.bills.chart')}>
        {rows.length ? (
          <EChart option={option} height={STATS_CHART_HEIGHT} loading={answer.loading} ariaLabel={t('paymentStatistics.bills.chart')} />
        ) : (
          <Empty description={t('paymentStatistics.empty')} style={{ height: STATS_CHART_HEIGHT, alignContent: 'center' }} />
        )}
      </Card>
      <Card size="small">
        <Table<BillStatsRow>
          size="middle"
          rowKey="month"
          loading={answer.loading}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('paymentStatistics.empty') }}
          data-testid="bill-stats-table"
          columns={[
            { key: 'month', title: t('paymentStatistics.columns.month'), render: (_, row) => row.month },
            { key: 'issued', align: 'right', title: t('paymentStatistics.columns.issued'), render: (_, row) => withThousands(row.issued, 0) },
            { key: 'paid', align: 'right', title: t('paymentStatistics.columns.paid'), render: (_, row) => withThousands(row.paid, 0) },
            {
              key: 'overdue',
              align: 'right',
              title: t('paymentStatistics.columns.overdue'),
              render: (_, row) => <span style={row.overdue ? { color: '#F56C6C' } : undefined}>{withThousands(row.overdue, 0)}</span>,
            },
            { key: 'charges', align: 'right', title: t('paymentStatistics.columns.billed'), render: (_, row) => money(row.chargesMinor) },
            {
              key: 'outstanding',
              align: 'right',
              title: t('paymentStatistics.columns.outstanding'),
              render: (_, row) => money(row.outstandingMinor, `bill-stats-outstanding-${row.month}`),
            },
          ]}
        />
      </Card>
    </div>
  );
}
