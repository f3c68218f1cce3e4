import type { ReactNode } from 'react';
import styles from './production.module.css';

/** One labelled figure of a panel (model figures, reporting totals). */
export function Figure({ label, value, testId }: { label: ReactNode; value: ReactNode; testId: string }) {
  return (
    <div className={styles.figure}>
      <div className={styles.figureLabel}>{label}</div>
      <div className={styles.figureValue} data-testid={testId}>
        {value}
      </div>
    </div>
  );
}
