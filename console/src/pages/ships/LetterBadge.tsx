import type { CiiLetter } from '@shared/ships/api';
import { LETTER_COLOURS, LETTER_INK } from './shipFormat';
import styles from './ships.module.css';

/** A CII letter on its band's colour; '–' on grey when the year has none. */
export function LetterBadge({ letter, small = false, testId, title }: { letter: CiiLetter | null; small?: boolean; testId?: string; title?: string }) {
  const colours = letter ? { background: LETTER_COLOURS[letter], color: LETTER_INK[letter] } : { background: '#f0f0f0', color: 'rgba(0,0,0,0.45)' };
  return (
    <span className={`${styles.badge} ${small ? styles.smallBadge : ''}`} style={colours} data-testid={testId} title={title}>
      {letter ?? '–'}
    </span>
  );
}
