import { DatePicker, Segmented, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RANGE_SHORTCUTS } from '@shared/format';
import { ROLLUP_GRAINS, type RollupGrain } from '@shared/schemas/energy';
import { shortcutDays, type AnalysisPeriod } from './analysisRange';
import styles from './analysis.module.css';

interface PeriodToolbarProps {
  value: AnalysisPeriod;
  onChange: (period: AnalysisPeriod) => void;
  /** The grains this screen offers (the ranking knows no hours). */
  grains?: readonly RollupGrain[];
  /** Screen-specific pickers (scope, department, energy type), shown before the period. */
  children?: ReactNode;
  /** Buttons at the end of the row (export). */
  actions?: ReactNode;
}

/** The analysis screens' top row: their own pickers, then the grain and the range with the spec §9 shortcuts. */
export function PeriodToolbar({ value, onChange, grains = ROLLUP_GRAINS, children, actions }: PeriodToolbarProps) {
  const { t } = useTranslation();
  const presets = RANGE_SHORTCUTS.map(({ key, daysBack }) => ({ label: t(`analysis.shortcut.${key}`), value: shortcutDays(daysBack) }));
  const setRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = range ?? [];
    if (start && end) onChange({ ...value, start, end });
  };

  return (
    <div className={styles.toolbar} data-testid="analysis-toolbar">
      {children}
      <Segmented<RollupGrain>
        value={value.grain}
        onChange={(grain) => onChange({ ...value, grain })}
        options={grains.map((grain) => ({ value: grain, label: t(`analysis.grain.${grain}`) }))}
        data-testid="analysis-grain"
      />
      <DatePicker.RangePicker
        value={[value.start, value.end]}
        onChange={setRange}
        picker={value.grain === 'month' ? 'month' : 'date'}
        presets={presets}
        allowClear={false}
        data-testid="analysis-range"
      />
      {actions && <Space className={styles.toolbarActions}>{actions}</Space>}
    </div>
  );
}
