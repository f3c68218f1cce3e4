import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Empty, Statistic, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity, withThousands } from '@shared/format';
import { formatPercent, orderedTotals, percentChange, type EnergyTotal } from './homeFigures';
import styles from './DashboardPage.module.css';

// More energy than the period before is the thing to look into, so a rise reads red.
const RISE_COLOR = '#cf1322';
const FALL_COLOR = '#389e0d';

function Change({ current, previous, testId, hint }: { current: number; previous: number; testId: string; hint: string }) {
  const { t } = useTranslation();
  const change = percentChange(current, previous);
  if (change === null)
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('home.totals.noComparison')}
      </Typography.Text>
    );
  const color = change > 0 ? RISE_COLOR : change < 0 ? FALL_COLOR : undefined;
  return (
    <span className={styles.change} style={{ color }} data-testid={testId} title={hint}>
      {change > 0 ? <ArrowUpOutlined /> : change < 0 ? <ArrowDownOutlined /> : null} {formatPercent(change)}
    </span>
  );
}

/** A figure and its unit joined by a no-break space: a narrow column may wrap before the figure, never before its unit. */
const unbroken = (quantity: string) => quantity.replace(/ /g, '\u00a0');

/** One period: the figure now, the one before and the change between them. */
function Period({
  title,
  total,
  current,
  previous,
  before,
  hint,
  id,
}: {
  title: string;
  total: EnergyTotal;
  current: number;
  previous: number;
  before: string;
  hint: string;
  id: string;
}) {
  const figure = withThousands(current);
  // The figure's length in characters sizes its font so figure and unit always share one line (see .figure).
  const figureChars = { '--figure-chars': figure.length + 1 + total.unit.length } as CSSProperties;
  return (
    <div className={styles.period}>
      <Statistic
        className={styles.figure}
        style={figureChars}
        title={title}
        value={figure}
        suffix={total.unit}
        data-testid={`home-${total.energyType}-${id}`}
      />
      <div className={styles.comparison}>
        <Typography.Text type="secondary" data-testid={`home-${total.energyType}-${id}-previous`}>
          {before}
        </Typography.Text>
        <Change current={current} previous={previous} hint={hint} testId={`home-${total.energyType}-${id}-change`} />
      </div>
    </div>
  );
}

/** A card per energy type: today against yesterday, this month against last month; the change compares the same time span. */
export function EnergyTotals({ totals }: { totals: readonly EnergyTotal[] }) {
  const { t } = useTranslation();
  if (totals.length === 0)
    return (
      <Card>
        <Empty description={t('home.totals.empty')} />
      </Card>
    );
  return (
    <div className={styles.totals}>
      {orderedTotals(totals).map((total) => (
        <Card
          key={total.energyType}
          size="small"
          title={t(`home.energyTypes.${total.energyType}`, { defaultValue: total.energyType })}
          data-testid={`home-energy-${total.energyType}`}
        >
          <div className={styles.periods}>
            <Period
              id="today"
              title={t('home.totals.today')}
              total={total}
              current={total.today}
              previous={total.yesterdaySoFar}
              hint={t('home.totals.sameTimeYesterday')}
              before={t('home.totals.vsYesterday', { value: unbroken(formatQuantity(total.yesterday, total.unit)) })}
            />
            <Period
              id="month"
              title={t('home.totals.thisMonth')}
              total={total}
              current={total.month}
              previous={total.lastMonthSoFar}
              hint={t('home.totals.sameTimeLastMonth')}
              before={t('home.totals.vsLastMonth', { value: unbroken(formatQuantity(total.lastMonth, total.unit)) })}
            />
          </div>
        </Card>
      ))}
    </div>
  );
}
