import { Card, Empty, Flex, Tag, Tooltip, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { metricDef } from '@shared/metering/metrics';
import { INTERVAL_ENERGY_METRIC, type MeterSeries } from '@shared/schemas/energy';
import { EChart } from '../../charts/EChart';
import { bucketSpan } from './historyRange';
import type { MeterHistoryController } from './MeterHistoryController';
import { meterChartOption } from './meterChartOption';
import { metricLabel } from './meterMetrics';
import styles from './MeterDataPage.module.css';

/** Set per screen size in MeterDataPage.module.css. */
const CHART_HEIGHT = 'var(--meter-chart-height)';

/** How the server merged points into a bucket, per the contract: energy summed, registers last value, the rest averaged. */
const bucketKind = (metric: string): 'sum' | 'last' | 'average' =>
  metric === INTERVAL_ENERGY_METRIC ? 'sum' : metricDef(metric)?.kind === 'register' ? 'last' : 'average';

function BucketNote({ series }: { series: MeterSeries }) {
  const { t } = useTranslation();
  const { unit, count } = bucketSpan(series.bucketMs);
  return (
    <Tag color="processing" data-testid="meter-data-bucket">
      {t(`meterData.chart.${bucketKind(series.metric.code)}`, { span: t(`meterData.chart.span.${unit}`, { count }) })}
    </Tag>
  );
}

/** The history line of the last query, or why there is none. */
export const HistoryChartCard = observer(function HistoryChartCard({ history }: { history: MeterHistoryController }) {
  const { t } = useTranslation();
  const { series, seriesLoading, emptyReason } = history;
  const label = series ? metricLabel(t, series.metric.code) : '';
  const option = useMemo(
    () =>
      series
        ? meterChartOption({
            points: series.points,
            label,
            unit: series.metric.unit,
            bars: series.metric.code === INTERVAL_ENERGY_METRIC,
            estimated: series.estimated ?? [],
            estimatedLabel: t('completion.estimated'),
          })
        : null,
    [series, label, t],
  );
  const extra = series && (
    <Flex gap={8} align="center">
      {series.bucketMs > 0 && <BucketNote series={series} />}
      {series.estimated && series.estimated.length > 0 && (
        <Tooltip title={t('completion.estimatedHint')}>
          <Tag color="purple" data-testid="meter-data-chart-estimated">
            {t('completion.estimated')}
          </Tag>
        </Tooltip>
      )}
      <Typography.Text type="secondary">{t('meterData.chart.readings', { total: series.total, count: series.total })}</Typography.Text>
    </Flex>
  );

  return (
    <Card size="small" title={series ? `${t('meterData.chart.title')} · ${label}` : t('meterData.chart.title')} extra={extra} data-testid="meter-data-chart">
      {option && !emptyReason ? (
        <EChart option={option} loading={seriesLoading} height={CHART_HEIGHT} ariaLabel={t('meterData.chart.title')} />
      ) : (
        <div className={styles.chartEmpty}>
          {seriesLoading ? (
            <Typography.Text type="secondary">{t('meterData.loading')}</Typography.Text>
          ) : (
            <Empty description={t(`meterData.empty.${emptyReason ?? 'noHistory'}`)} data-testid="meter-data-chart-empty" />
          )}
        </div>
      )}
    </Card>
  );
});
