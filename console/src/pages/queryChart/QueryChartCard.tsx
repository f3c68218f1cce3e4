import { Alert, Card, Empty } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorInfo } from '@shared/errors/codes';
import { EChart } from '../../charts/EChart';
import { useAvailableHeight } from '../../layout/useAvailableHeight';
import type { EmptyReason, QueryChartController } from './QueryChartController';
import { queryChartOption } from './queryChartOption';

/** Under the chart: the card's padding and the view's bottom padding. */
const BELOW_CHART = 32;

/** The chart of the last answer, or why there is none (the server's NO_HISTORY / TIME_OUT_OF_RANGE in its own words). */
export const QueryChartCard = observer(function QueryChartCard({ chart }: { chart: QueryChartController }) {
  const { t } = useTranslation();
  const { result } = chart;
  // The one chart of the screen takes the height the toolbar leaves (readable at 768 px, not a strip at 2160 px).
  const area = useRef<HTMLDivElement>(null);
  const height = useAvailableHeight(area, { bottomGap: BELOW_CHART, minHeight: 320 });
  const option = useMemo(() => (result ? queryChartOption(result) : null), [result]);
  const missingNames =
    result?.kind === 'meters' ? result.missing.map((id) => chart.meters.find((meter) => meter.id === id)?.name ?? t('liveWidgets.mimic.meter', { id })) : [];

  return (
    <Card size="small" data-testid="query-chart-card">
      {missingNames.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('queryChart.missing', { meters: missingNames.join(', ') })}
          data-testid="query-missing"
        />
      )}
      <div ref={area}>
        {option ? (
          <EChart option={option} height={height} loading={chart.loading} ariaLabel={t('queryChart.chartLabel')} />
        ) : (
          <div style={{ minHeight: height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Empty description={<EmptyText reason={chart.emptyReason} loading={chart.loading} />} />
          </div>
        )}
      </div>
    </Card>
  );
});

function EmptyText({ reason, loading }: { reason: EmptyReason | null; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <span data-testid="query-empty">{t('queryChart.empty.loading')}</span>;
  switch (reason) {
    case 'noHistory':
      return <span data-testid="query-empty">{t(`errors.${errorInfo.NO_HISTORY.key}`, { defaultValue: errorInfo.NO_HISTORY.message })}</span>;
    case 'outOfRange':
      return (
        <span data-testid="query-empty">
          {t(`errors.${errorInfo.TIME_OUT_OF_RANGE.key}`, { defaultValue: errorInfo.TIME_OUT_OF_RANGE.message })}
          <br />
          {t('queryChart.empty.rangeLimits')}
        </span>
      );
    case 'failed':
      return <span data-testid="query-empty">{t('queryChart.empty.failed')}</span>;
    default:
      return <span data-testid="query-empty">{t('queryChart.empty.choose')}</span>;
  }
}
