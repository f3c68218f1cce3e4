import { useTranslation } from 'react-i18next';
import type { BalanceResult } from '@shared/schemas/energy';
import { FigureCard } from '../shared/FigureCard';
import styles from '../shared/analysis.module.css';

/** The balance over the whole range: what the main meter saw, what the parts account for, the rest. */
export function BalanceTotals({ balance, loading }: { balance: BalanceResult | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const totals = balance?.totals;
  const unit = balance?.unit ?? '';
  return (
    <div className={styles.figures} data-testid="balance-totals">
      <FigureCard
        testId="balance-parent"
        title={t('analysis.balance.parent')}
        value={totals?.parent ?? null}
        unit={unit}
        loading={loading}
        note={balance?.mainMeter ? `${balance.mainMeter.code} · ${balance.mainMeter.name}` : undefined}
      />
      <FigureCard testId="balance-children" title={t('analysis.balance.children')} value={totals?.children ?? null} unit={unit} loading={loading} />
      <FigureCard testId="balance-unmetered" title={t('analysis.balance.unmetered')} value={totals?.unmetered ?? null} unit={unit} loading={loading} />
      <FigureCard
        testId="balance-unmetered-share"
        title={t('analysis.balance.unmeteredShare')}
        value={totals ? totals.unmeteredShare * 100 : null}
        unit="%"
        digits={1}
        loading={loading}
      />
    </div>
  );
}
