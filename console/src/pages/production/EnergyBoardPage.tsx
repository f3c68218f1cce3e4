import { Alert, Button, Card, DatePicker, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCTION_MAX_DAYS, SEC_PERIODS, type ProductionBoard, type RangeQuery, type SecPeriod } from '@shared/production/api';
import { EChart } from '../../charts/EChart';
import { BaselinePanel } from './BaselinePanel';
import { CostPanel } from './CostPanel';
import { useProductionApi } from './productionApi';
import { secChart } from './secChart';
import { lineRows, productRows, SEC_VIEWS, shiftRows, type SecRow, type SecView } from './secRows';
import { SecTable } from './SecTable';
import { energyText } from './productionFormat';
import styles from './production.module.css';

const DAY = 'YYYY-MM-DD';
const UNITS: Record<string, string> = { electricity: 'kWh', water: 'm³', gas: 'm³' };
export const unitOf = (energyType: string | undefined): string => UNITS[energyType ?? 'electricity'] ?? 'kWh';

/**
 * /energyLine/energy-board: SEC per line, product or shift and per period against the target, the baseline
 * regression with normalised savings and the cost per unit by band of one line.
 */
export function EnergyBoardPage() {
  const { t } = useTranslation();
  const api = useProductionApi();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day').startOf('day'), dayjs().startOf('day')]);
  const [period, setPeriod] = useState<SecPeriod>('day');
  const [view, setView] = useState<SecView>('line');
  const [lineIds, setLineIds] = useState<number[]>([]);
  const [board, setBoard] = useState<ProductionBoard | null>(null);
  const [rows, setRows] = useState<SecRow[]>([]);
  const [shiftNote, setShiftNote] = useState<{ output: number; energy: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState<{ range: RangeQuery; period: SecPeriod; view: SecView; lineIds: number[] } | null>(null);
  const [focusId, setFocusId] = useState<number | undefined>(undefined);
  const tooLong = range[1].diff(range[0], 'day') + 1 > PRODUCTION_MAX_DAYS;

  const run = async (lines?: number[]) => {
    if (tooLong) return;
    const asked = { range: { from: range[0].format(DAY), to: range[1].format(DAY) }, period, view, lineIds: lines ?? lineIds };
    setLoading(true);
    try {
      const summary = await api.board(asked.range);
      setBoard(summary);
      const ids = asked.lineIds.length
        ? asked.lineIds.filter((id) => summary.lines.some((line) => line.lineId === id))
        : summary.lines.map((line) => line.lineId);
      if (view === 'shift') {
        const reports = await Promise.all(ids.map((id) => api.shifts(id, asked.range)));
        setRows(shiftRows(reports));
        const output = reports.reduce((sum, report) => sum + report.wholeDayOutput, 0);
        const energy = reports.reduce((sum, report) => sum + report.outsideShiftsEnergy, 0);
        setShiftNote(output > 0 || energy > 0 ? { output, energy } : null);
      } else {
        const reports = await Promise.all(ids.map((id) => api.sec(id, { ...asked.range, period })));
        setRows(view === 'line' ? lineRows(reports) : productRows(reports));
        setShiftNote(null);
      }
      setQuery({ ...asked, lineIds: ids });
      setFocusId((current) => (current !== undefined && ids.includes(current) ? current : ids[0]));
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  };
  // Opens on every line over the last 30 days by day; later changes wait for Query.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first paint queries by itself
  useEffect(() => void run(), []);

  const lines = board?.lines ?? [];
  const shownLines = lines.filter((line) => query?.lineIds.includes(line.lineId));
  const unit = new Set(shownLines.map((line) => unitOf(line.energyType))).size > 1 ? t('production.table.energyUnit') : unitOf(shownLines[0]?.energyType);
  const option = useMemo(
    () =>
      secChart(query?.view ?? 'line', rows, {
        sec: t('production.chart.sec'),
        target: t('production.chart.target'),
        unit: `${unit}${t('production.table.perUnit')}`,
      }),
    [query?.view, rows, t, unit],
  );
  const focus = lines.find((line) => line.lineId === focusId);

  return (
    <div className={styles.page} data-testid="energy-board">
      <Card size="small">
        <div className={styles.toolbar}>
          <Select
            mode="multiple"
            allowClear
            value={lineIds}
            onChange={setLineIds}
            placeholder={t('production.filters.allLines')}
            options={lines.map((line) => ({ value: line.lineId, label: `${line.name} (${line.code})` }))}
            style={{ minWidth: 220, maxWidth: 420 }}
            maxTagCount="responsive"
            aria-label={t('production.filters.lines')}
            data-testid="board-lines"
          />
          <Radio.Group
            value={period}
            onChange={(event) => setPeriod(event.target.value as SecPeriod)}
            optionType="button"
            options={SEC_PERIODS.map((value) => ({ value, label: t(`production.filters.periods.${value}`) }))}
            aria-label={t('production.filters.period')}
          />
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            onChange={(dates) => dates?.[0] && dates[1] && setRange([dates[0], dates[1]])}
            aria-label={t('production.filters.range')}
            data-testid="board-range"
          />
          <Radio.Group
            value={view}
            onChange={(event) => setView(event.target.value as SecView)}
            optionType="button"
            options={SEC_VIEWS.map((value) => ({ value, label: t(`production.filters.views.${value}`) }))}
            aria-label={t('production.filters.by')}
            data-testid="board-view"
          />
          <Button type="primary" onClick={() => void run()} loading={loading} disabled={tooLong} data-testid="board-query">
            {t('production.filters.query')}
          </Button>
          {tooLong && <Typography.Text type="danger">{t('production.filters.rangeTooLong', { days: PRODUCTION_MAX_DAYS })}</Typography.Text>}
        </div>
        {board && (
          <Typography.Paragraph type="secondary" className={styles.note} style={{ margin: '8px 0 0' }} data-testid="board-factor">
            {/* The factor's source is named in the reader's language by the text itself; the API's citation is English. */}
            {t('production.factor', { factor: board.factor.kgcePerKwh })}
          </Typography.Paragraph>
        )}
      </Card>
      {board && lines.length === 0 && <Alert type="info" showIcon title={t('production.noLines')} data-testid="board-no-lines" />}
      {lines.length > 0 && (
        <Card size="small" title={t(`production.sections.${query?.view ?? view}`)}>
          {rows.length > 0 && <EChart option={option} height={280} ariaLabel={t('production.chart.title')} />}
          {!loading && rows.length === 0 && <Alert type="info" showIcon title={t('production.noData')} style={{ marginBottom: 12 }} />}
          <SecTable view={query?.view ?? view} rows={rows} loading={loading} unit={unit} />
          {shiftNote && (
            <Typography.Paragraph type="secondary" className={styles.note} style={{ margin: '8px 0 0' }} data-testid="shift-note">
              {t('production.shiftNote', { output: energyText(shiftNote.output), energy: energyText(shiftNote.energy), unit })}
            </Typography.Paragraph>
          )}
        </Card>
      )}
      {query && focus && (
        <>
          <div className={styles.toolbar}>
            <Typography.Text strong>{t('production.focusLine')}</Typography.Text>
            <Select
              value={focusId}
              onChange={setFocusId}
              options={shownLines.map((line) => ({ value: line.lineId, label: `${line.name} (${line.code})` }))}
              style={{ minWidth: 220 }}
              aria-label={t('production.focusLine')}
              data-testid="board-focus"
            />
          </div>
          <div className={styles.pair}>
            <BaselinePanel lineId={focus.lineId} range={query.range} unit={unitOf(focus.energyType)} />
            <CostPanel lineId={focus.lineId} range={query.range} unit={unitOf(focus.energyType)} />
          </div>
        </>
      )}
    </div>
  );
}
