import { useTranslation } from 'react-i18next';
import { ALARM_COLOUR, cssColour, LOAD_RAMP, NO_DATA_COLOUR } from './loadColour';
import styles from './plantView.module.css';

const RAMP_CSS = `linear-gradient(to right, ${LOAD_RAMP.map((stop) => `${cssColour(stop.colour)} ${stop.at * 100}%`).join(', ')})`;

/** What the colours mean: the load ramp (against the site's highest), grey, and the alarm red. */
export function SceneLegend({ scale }: { scale: number }) {
  const { t } = useTranslation();
  return (
    <section className={styles.legend} style={{ fontSize: 12 * scale }} data-testid="scene-legend">
      <div className={styles.legendTitle}>{t('visualization.legend.title')}</div>
      <div className={styles.ramp} style={{ background: RAMP_CSS, height: 10 * scale }} />
      <div className={styles.rampEnds}>
        <span>{t('visualization.legend.idle')}</span>
        <span>{t('visualization.legend.highest')}</span>
      </div>
      <div className={styles.swatchRow}>
        <i className={styles.swatch} style={{ background: cssColour(NO_DATA_COLOUR), width: 10 * scale, height: 10 * scale }} />
        {t('visualization.legend.noData')}
      </div>
      <div className={styles.swatchRow}>
        <i className={styles.swatch} style={{ background: cssColour(ALARM_COLOUR), width: 10 * scale, height: 10 * scale }} />
        {t('visualization.legend.alarm')}
      </div>
    </section>
  );
}
