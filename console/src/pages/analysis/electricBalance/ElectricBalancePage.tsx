import { Alert, Card, Empty } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BalanceResult, RollupScope } from '@shared/schemas/energy';
import { EChart } from '../../../charts/EChart';
import { periodFromShortcut, queryRange, rangeTooLong, type AnalysisPeriod, type QueryRange } from '../shared/analysisRange';
import { TALL_CHART_HEIGHT } from '../shared/chartTheme';
import { DepartmentPicker } from '../shared/DepartmentPicker';
import { topLevelDepartments } from '../shared/departmentTree';
import { PeriodToolbar } from '../shared/PeriodToolbar';
import { RangeNotice } from '../shared/RangeNotice';
import { useDepartmentTree } from '../shared/useDepartmentTree';
import { useEnergyApi } from '../shared/useEnergyApi';
import { useEnergyQuery } from '../shared/useEnergyQuery';
import styles from '../shared/analysis.module.css';
import { balanceChartOption } from './balanceChart';
import { BalanceParts } from './BalanceParts';
import { partSeries } from './balanceSeries';
import { BalanceTotals } from './BalanceTotals';

/** The rollups of one kind of part (child departments or own sub-meters), to stack them one by one. */
function usePartRollups(balance: BalanceResult | undefined, kind: 'department' | 'meter', grain: AnalysisPeriod['grain'], range: QueryRange) {
  const api = useEnergyApi();
  const ids = (balance?.parts ?? []).filter((part) => part.kind === kind).map((part) => part.id);
  const query = { scope: kind satisfies RollupScope, ids, energyType: 'electricity' as const, grain, ...range };
  return useEnergyQuery(balance?.hasMainMeter && ids.length > 0 ? JSON.stringify(query) : null, () => api.rollups(query));
}

/** /others/electricBalance: a department's main meter against what its parts metered; the rest is unmetered. */
export function ElectricBalancePage() {
  const api = useEnergyApi();
  const { t } = useTranslation();
  const departments = useDepartmentTree();
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const [period, setPeriod] = useState<AnalysisPeriod>(() => periodFromShortcut('day', 6));
  // Until the operator picks, the first top-level department (a site's incomer is what one balances first).
  const departmentId = picked ?? topLevelDepartments(departments.nodes)[0]?.id;

  const range = queryRange(period);
  const tooLong = rangeTooLong(period.grain, range);
  const query = { departmentId: departmentId ?? 0, energyType: 'electricity' as const, grain: period.grain, ...range };
  const balance = useEnergyQuery(departmentId === undefined || tooLong ? null : JSON.stringify(query), () => api.balance(query));
  const result = balance.data;
  const departmentRollups = usePartRollups(result, 'department', period.grain, range);
  const meterRollups = usePartRollups(result, 'meter', period.grain, range);

  const partsLoaded = !departmentRollups.loading && !meterRollups.loading && !departmentRollups.failed && !meterRollups.failed;
  const chart = useMemo(() => {
    if (!result?.hasMainMeter) return undefined;
    const names = { parent: t('analysis.balance.parentLine'), children: t('analysis.balance.children'), unmetered: t('analysis.balance.unmetered') };
    const stacks = partsLoaded ? partSeries(result, { department: departmentRollups.data, meter: meterRollups.data }, t('analysis.balance.otherParts')) : null;
    return balanceChartOption(result, period.grain, stacks, names);
  }, [result, partsLoaded, departmentRollups.data, meterRollups.data, period.grain, t]);

  return (
    <div className={styles.page} data-testid="analysis-balance">
      <Card size="small">
        <PeriodToolbar value={period} onChange={setPeriod}>
          <DepartmentPicker options={departments.options} value={departmentId} onChange={setPicked} loading={departments.loading} />
        </PeriodToolbar>
      </Card>
      {tooLong && <RangeNotice grain={period.grain} />}
      {result && !result.hasMainMeter && (
        <Alert
          type="info"
          showIcon
          data-testid="balance-no-main"
          title={t('analysis.balance.noMainTitle', { name: result.department.name })}
          description={t('analysis.balance.noMainText')}
        />
      )}
      {(!result || result.hasMainMeter) && (
        <>
          <BalanceTotals balance={result} loading={balance.loading} />
          <Card size="small" title={t('analysis.balance.chartTitle', { name: result?.department.name ?? '', unit: result?.unit ?? '' })}>
            {departmentId === undefined && !departments.loading ? (
              <Empty description={t('analysis.department.none')} />
            ) : (
              <EChart option={chart ?? {}} loading={balance.loading} height={TALL_CHART_HEIGHT} ariaLabel={t('analysis.balance.chartAria')} />
            )}
          </Card>
        </>
      )}
      <Card size="small" title={t('analysis.balance.partsTitle')}>
        <BalanceParts balance={result} loading={balance.loading} />
      </Card>
    </div>
  );
}
