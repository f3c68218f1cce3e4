import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import styles from '../tariffs.module.css';
import { monthOwners } from './layoutMath';
import type { VersionDraft } from './VersionDraft';

/**
 * The twelve months as chips for one season: a month this season owns is blue, one another season owns
 * names that season, one nobody owns says so in red. A click gives the month to this season (taking it
 * from the other) or, on one of its own, lets it go.
 */
export const MonthPicker = observer(function MonthPicker({ draft, season }: { draft: VersionDraft; season: number }) {
  const { t } = useTranslation();
  const seasons = draft.definition.seasons;
  const owners = monthOwners(seasons);
  return (
    <div className={styles.months} data-testid={`season-${season}-months`}>
      {owners.map((holders, m) => {
        const mine = holders.includes(season);
        const others = holders.filter((index) => index !== season).map((index) => seasons[index]?.name || t('tariffs.editor.season'));
        const className = [styles.month, mine ? styles.monthMine : '', holders.length > 1 ? styles.monthClash : ''].filter(Boolean).join(' ');
        const owner = mine
          ? others.length
            ? t('tariffs.editor.monthOwner', { name: others.join(', ') })
            : '✓'
          : others.length
            ? others.join(', ')
            : t('tariffs.editor.monthFree');
        return (
          <button
            key={m}
            type="button"
            className={className}
            aria-pressed={mine}
            onClick={() => draft.toggleMonth(season, m + 1)}
            data-testid={`season-${season}-month-${m + 1}`}
            title={owner}
          >
            {t(`tariffs.month.m${m + 1}`)}
            <span className={[styles.monthOwner, holders.length === 0 ? styles.monthFree : ''].filter(Boolean).join(' ')}>{owner}</span>
          </button>
        );
      })}
    </div>
  );
});
