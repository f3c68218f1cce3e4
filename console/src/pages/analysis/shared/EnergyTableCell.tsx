import { withThousands } from '@shared/format';
import styles from './analysis.module.css';

/** An energy figure in a table: thousands separators, at most 2 decimals, aligned digits. */
export function EnergyFigure({ value, testId }: { value: number; testId?: string }) {
  return (
    <span className={styles.numeric} data-testid={testId}>
      {withThousands(value)}
    </span>
  );
}
