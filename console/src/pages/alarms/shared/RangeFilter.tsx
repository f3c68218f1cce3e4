import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, RANGE_SHORTCUTS, shortcutRange } from '@shared/format';

interface RangeFilterProps {
  from: number | undefined;
  to: number | undefined;
  onChange(from: number | undefined, to: number | undefined): void;
  /** A range is required (statistics); otherwise it can be cleared to mean "any time". */
  required?: boolean;
  /** Placeholders say what the time is of: `raised` (alarm lists) or `at` (the logbook). */
  of?: 'raised' | 'at';
  testId: string;
}

/** A time range with the spec's shortcuts (today, last week, last month, last three months). */
export function RangeFilter({ from, to, onChange, required = false, of = 'raised', testId }: RangeFilterProps) {
  const { t } = useTranslation();
  const presets = RANGE_SHORTCUTS.map((shortcut) => ({
    label: t(`alarms.range.${shortcut.key}`),
    value: (): [Dayjs, Dayjs] => {
      const [start, end] = shortcutRange(shortcut.daysBack);
      return [dayjs(start), dayjs(end)];
    },
  }));
  return (
    <DatePicker.RangePicker
      showTime
      allowClear={!required}
      format={DATE_TIME_FORMAT}
      presets={presets}
      value={from !== undefined && to !== undefined ? [dayjs(from), dayjs(to)] : null}
      placeholder={of === 'raised' ? [t('alarms.range.start'), t('alarms.range.end')] : [t('alarms.range.from'), t('alarms.range.until')]}
      onChange={(dates) => {
        const [start, end] = dates ?? [];
        if (start && end) onChange(start.valueOf(), end.valueOf());
        else if (!required) onChange(undefined, undefined);
      }}
      data-testid={testId}
    />
  );
}
