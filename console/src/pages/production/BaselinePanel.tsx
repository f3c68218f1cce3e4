import { Alert, Button, Card, DatePicker, Typography } from 'antd';
import { ScatterChart } from 'echarts/charts';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCTION_SCREENS, type BaselineReport, type RangeQuery } from '@shared/production/api';
import { EChart } from '../../charts/EChart';
import { echarts } from '../../charts/echartsCore';
import { useNotify } from '../../feedback/notify';
import { Permission } from '../../permissions/Permission';
import { baselineChart } from './baselineChart';
import { Figure } from './Figure';
import { useProductionApi } from './productionApi';
import { energyText, fixedText, percentText } from './productionFormat';
import styles from './production.module.css';

// Only this panel draws a scatter: registered here so the console's shared echarts build stays as it is.
echarts.use([ScatterChart]);

const DAY = 'YYYY-MM-DD';

/**
 * ISO 50006-style baseline of one line: the baseline period (saved with /energyLine/energy-board/edit, or tried
 * unsaved), the regression energy = a + b × output with n and R², and the reporting period (the board's range)
 * against what the model expects for its output.
 */
export function BaselinePanel({ lineId, range, unit }: { lineId: number; range: RangeQuery; unit: string }) {
  const { t } = useTranslation();
  const api = useProductionApi();
  const notify = useNotify();
  const [report, setReport] = useState<BaselineReport | null>(null);
  const [choice, setChoice] = useState<[Dayjs, Dayjs] | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = async (tried?: [Dayjs, Dayjs]) => {
    setLoading(true);
    try {
      const answer = await api.baseline(lineId, tried ? { ...range, baselineFrom: tried[0].format(DAY), baselineTo: tried[1].format(DAY) } : range);
      setReport(answer);
      if (!tried) setChoice(answer.baseline ? [dayjs(answer.baseline.from), dayjs(answer.baseline.to)] : null);
    } catch {
      setReport(null);
    } finally {
      setLoading(false);
    }
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new line or range starts from the saved baseline
  useEffect(() => void load(), [lineId, range.from, range.to]);

  const save = async () => {
    if (!choice) return;
    setSaving(true);
    try {
      await api.saveBaseline(lineId, { from: choice[0].format(DAY), to: choice[1].format(DAY) });
      notify.success(t('production.baseline.savedNotice'));
      await load();
    } catch {
      // the api toast said why
    } finally {
      setSaving(false);
    }
  };

  const option = useMemo(
    () =>
      report
        ? baselineChart(report, {
            baselineDays: t('production.baseline.baselineDays'),
            reportingDays: t('production.baseline.reportingDays'),
            fitted: t('production.baseline.fitted'),
            output: t('production.table.output'),
            energy: `${t('production.table.energy')} (${unit})`,
          })
        : null,
    [report, t, unit],
  );
  const model = report?.model ?? null;
  const reporting = report?.reporting ?? null;

  return (
    <Card title={t('production.baseline.title')} size="small" data-testid="baseline-panel" loading={loading && !report}>
      <div className={styles.toolbar} style={{ marginBottom: 12 }}>
        <Typography.Text>{t('production.baseline.period')}</Typography.Text>
        <DatePicker.RangePicker
          value={choice}
          onChange={(dates) => setChoice(dates?.[0] && dates[1] ? [dates[0], dates[1]] : null)}
          aria-label={t('production.baseline.period')}
          data-testid="baseline-range"
        />
        <Button onClick={() => choice && void load(choice)} disabled={!choice} data-testid="baseline-try">
          {t('production.baseline.try')}
        </Button>
        <Permission menu={PRODUCTION_SCREENS.board} button="edit">
          <Button type="primary" onClick={() => void save()} disabled={!choice} loading={saving} data-testid="baseline-save">
            {t('production.baseline.save')}
          </Button>
        </Permission>
        {report?.baseline && (
          <Typography.Text type="secondary" className={styles.note} data-testid="baseline-saved">
            {t(report.baseline.saved ? 'production.baseline.saved' : 'production.baseline.unsaved')}
          </Typography.Text>
        )}
      </div>
      <Typography.Paragraph type="secondary" className={styles.note} data-testid="baseline-explanation">
        {t('production.baseline.explanation')}
      </Typography.Paragraph>
      {report?.problem && (
        <Alert type="info" showIcon title={t(`production.baseline.problems.${report.problem}`)} style={{ marginBottom: 12 }} data-testid="baseline-problem" />
      )}
      {model && (
        <>
          <Typography.Text strong>{t('production.baseline.model', { unit })}</Typography.Text>
          <div className={styles.figures} style={{ marginTop: 8 }}>
            <Figure label="a" value={fixedText(model.a, 3)} testId="baseline-a" />
            <Figure label="b" value={fixedText(model.b, 4)} testId="baseline-b" />
            <Figure label="R²" value={fixedText(model.r2, 3)} testId="baseline-r2" />
            <Figure label="n" value={model.n} testId="baseline-n" />
          </div>
        </>
      )}
      {reporting && model && (
        <>
          <Typography.Text strong>{t('production.baseline.reporting', { from: reporting.from, to: reporting.to })}</Typography.Text>
          <div className={styles.figures} style={{ marginTop: 8 }}>
            <Figure label={`${t('production.baseline.actual')} (${unit})`} value={energyText(reporting.actual)} testId="baseline-actual" />
            <Figure label={`${t('production.baseline.expected')} (${unit})`} value={energyText(reporting.expected)} testId="baseline-expected" />
            <Figure
              label={`${t('production.baseline.savings')} (${unit})`}
              value={
                <span style={{ color: reporting.savings < 0 ? '#cf1322' : '#389e0d' }}>
                  {energyText(reporting.savings)} <span style={{ fontSize: 13 }}>{percentText(reporting.savingsPercent)}</span>
                </span>
              }
              testId="baseline-savings"
            />
          </div>
        </>
      )}
      {option && model && <EChart option={option} height={300} ariaLabel={t('production.baseline.chart')} />}
    </Card>
  );
}
