import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Segmented } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import styles from './paymentStatistics.module.css';

interface StatsToolbarProps<B extends string> {
  picker: 'date' | 'month';
  range: [Dayjs, Dayjs];
  onRange(range: [Dayjs, Dayjs]): void;
  by?: B;
  byOptions?: readonly B[];
  onBy?(by: B): void;
  loading: boolean;
  onRefresh(): void;
  testId: string;
}

/** The period (days or months, both ends included) and the grouping of a statistics screen, with refresh. */
export function StatsToolbar<B extends string>({ picker, range, onRange, by, byOptions, onBy, loading, onRefresh, testId }: StatsToolbarProps<B>) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <div className={styles.toolbar}>
        <DatePicker.RangePicker
          picker={picker}
          value={range}
          allowClear={false}
          onChange={(value) => value?.[0] && value[1] && onRange([value[0], value[1]])}
          data-testid={`${testId}-range`}
        />
        {by !== undefined && byOptions && onBy && (
          <Segmented<B>
            value={by}
            onChange={onBy}
            options={byOptions.map((value) => ({ value, label: t(`paymentStatistics.by.${value}`) }))}
            data-testid={`${testId}-by`}
          />
        )}
        <Button className={styles.toolbarEnd} icon={<ReloadOutlined />} loading={loading} onClick={onRefresh} data-testid={`${testId}-refresh`}>
          {t('paymentStatistics.refresh')}
        </Button>
      </div>
    </Card>
  );
}
