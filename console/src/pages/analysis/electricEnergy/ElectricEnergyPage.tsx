import { Card, Empty } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RollupGrain } from '@shared/schemas/energy';
import { EChart } from '../../../charts/EChart';
import { periodFromShortcut, queryRange, rangeTooLong, type AnalysisPeriod } from '../shared/analysisRange';
import { CHART_HEIGHT } from '../shared/chartTheme';
import { DepartmentPicker } from '../shared/DepartmentPicker';
import { topLevelDepartments } from '../shared/departmentTree';
import { FigureCard } from '../shared/FigureCard';
import { PeriodToolbar } from '../shared/PeriodToolbar';
import { periodLabel } from '../shared/periods';
import { RangeNotice } from '../shared/RangeNotice';
import { sumSeriesByPeriod } from '../shared/sumSeries';
import { useDepartmentTree } from '../shared/useDepartmentTree';
import { useEnergyApi } from '../shared/useEnergyApi';
import { useEnergyQuery } from '../shared/useEnergyQuery';
import styles from '../shared/analysis.module.css';
import { rankingBarOption, sharePieOption, trendFigures, trendOption } from './energyCharts';

/** The ranking knows days and months only. */
const GRAINS: readonly RollupGrain[] = ['day', 'month'];
const RANKED = 10;

/** /others/electricEnergy: where the electricity went over a range — ranking, sub-item share, trend. */
export function ElectricEnergyPage() {
  const api = useEnergyApi();
  const { t } = useTranslation();
  const departments = useDepartmentTree();
  const [departmentId, setDepartmentId] = useState<number | undefined>(undefined);
  const [period, setPeriod] = useState<AnalysisPeriod>(() => periodFromShortcut('day', 30));

  const range = queryRange(period);
  const tooLong = rangeTooLong(period.grain, range);
  const grain: 'day' | 'month' = period.grain === 'month' ? 'month' : 'day';
  const rankingQuery = {
    scope: 'department' as const,
    energyType: 'electricity' as const,
    grain,
    ...range,
    limit: RANKED,
    ...(departmentId ? { parentId: departmentId } : {}),
  };
  const shareQuery = { scope: 'subitem' as const, energyType: 'electricity' as const, grain, ...range, limit: 100 };
  const ranking = useEnergyQuery(tooLong ? null : JSON.stringify(rankingQuery), () => api.ranking(rankingQuery));
  const share = useEnergyQuery(tooLong ? null : JSON.stringify(shareQuery), () => api.ranking(shareQuery));

  // The site is its top-level departments summed; a chosen department is its own figure.
  const trendIds = departmentId ? [departmentId] : topLevelDepartments(departments.nodes).map((node) => node.id);
  const trendQuery = { scope: 'department' as const, ids: trendIds, energyType: 'electricity' as const, grain, ...range };
  const trend = useEnergyQuery(tooLong || trendIds.length === 0 ? null : JSON.stringify(trendQuery), () => api.rollups(trendQuery));

  const trendValues = useMemo(() => (trend.data ? sumSeriesByPeriod(trend.data) : []), [trend.data]);
  const periods = useMemo(() => trend.data?.periods ?? [], [trend.data]);
  const figures = trendFigures(periods, trendValues);
  const unit = trend.data?.unit ?? ranking.data?.unit ?? 'kWh';
  const chosen = departments.nodes.find((node) => node.id === departmentId);
  const subject = chosen?.name ?? t('analysis.electric.site');

  const rankingOption = useMemo(() => rankingBarOption(ranking.data?.rows ?? [], ranking.data?.unit ?? unit), [ranking.data, unit]);
  // Sub-items with nothing measured would draw as equal slices of nothing: the ring shows only real shares.
  const shareRows = useMemo(() => (share.data?.rows ?? []).filter((row) => row.energy > 0), [share.data]);
  const shareOption = useMemo(() => sharePieOption(shareRows, share.data?.unit ?? unit), [shareRows, share.data?.unit, unit]);
  const trendChart = useMemo(() => trendOption(periods, trendValues, grain, unit, subject), [periods, trendValues, grain, unit, subject]);

  return (
    <div className={styles.page} data-testid="analysis-electric">
      <Card size="small">
        <PeriodToolbar value={period} onChange={setPeriod} grains={GRAINS}>
          <DepartmentPicker
            options={departments.options}
            value={departmentId}
            onChange={setDepartmentId}
            loading={departments.loading}
            allowClear
            placeholder={t('analysis.electric.site')}
          />
        </PeriodToolbar>
      </Card>
      {tooLong && <RangeNotice grain={period.grain} />}
      <div className={styles.figures}>
        <FigureCard
          testId="electric-total"
          title={t('analysis.electric.total', { subject })}
          value={trend.data ? figures.total : null}
          unit={unit}
          loading={trend.loading}
        />
        <FigureCard
          testId="electric-average"
          title={t(`analysis.electric.average.${grain}`)}
          value={trend.data ? figures.average : null}
          unit={unit}
          loading={trend.loading}
        />
        <FigureCard
          testId="electric-peak"
          title={t(`analysis.electric.peak.${grain}`)}
          value={figures.peak?.energy ?? null}
          unit={unit}
          note={figures.peak ? periodLabel(figures.peak.period, grain) : undefined}
          loading={trend.loading}
        />
      </div>
      <div className={styles.chartRow}>
        <Card size="small" title={t(departmentId ? 'analysis.electric.rankingOf' : 'analysis.electric.ranking', { name: subject, count: RANKED })}>
          {ranking.data && ranking.data.rows.length === 0 ? (
            <Empty description={t('analysis.electric.noChildren')} />
          ) : (
            <EChart option={rankingOption} loading={ranking.loading} height={CHART_HEIGHT} ariaLabel={t('analysis.electric.rankingAria')} />
          )}
        </Card>
        <Card size="small" title={t('analysis.electric.share')}>
          {share.data && shareRows.length === 0 ? (
            <Empty description={t('analysis.electric.noSubitems')} />
          ) : (
            <EChart option={shareOption} loading={share.loading} height={CHART_HEIGHT} ariaLabel={t('analysis.electric.share')} />
          )}
        </Card>
      </div>
      <Card size="small" title={t(`analysis.electric.trend.${grain}`, { subject, unit })}>
        <EChart option={trendChart} loading={trend.loading} height={CHART_HEIGHT} ariaLabel={t(`analysis.electric.trend.${grain}`, { subject, unit })} />
      </Card>
    </div>
  );
}
