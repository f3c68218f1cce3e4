import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord } from '@shared/schemas/alarms';
import styles from './plantView.module.css';

/** Rows listed at most; the rest is counted ("+3 more"). */
export const MAX_OVERLAY_ROWS = 8;

interface AlarmOverlayProps {
  alarms: readonly AlarmRecord[];
  meterNames: ReadonlyMap<number, string>;
  scale: number;
  /** Rows shown at most (a small tile shows fewer). */
  maxRows?: number;
  /** Inside a tile: no title bar above, so the panel sits at the top. */
  compact?: boolean;
}

/** The open meter alarms beside the scene, as plain text (messages are never rendered as HTML). */
export function AlarmOverlay({ alarms, meterNames, scale, maxRows = MAX_OVERLAY_ROWS, compact = false }: AlarmOverlayProps) {
  const { t, i18n } = useTranslation();
  // The panel re-renders with every delta batch: one formatter per language, not one per render. Control
  // rooms read 24-hour time (the clock and the ticker do), whatever the language's habit.
  const time = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }),
    [i18n.language],
  );
  const shown = alarms.slice(0, Math.max(1, Math.min(maxRows, MAX_OVERLAY_ROWS)));
  return (
    <section
      className={compact ? `${styles.alarms} ${styles.compact}` : styles.alarms}
      style={{ fontSize: (compact ? 12 : 14) * scale }}
      data-testid="scene-alarms"
      aria-live="polite"
    >
      <h2 className={styles.alarmsTitle}>{t('visualization.alarmsTitle', { count: alarms.length })}</h2>
      {alarms.length === 0 && <p className={styles.quiet}>{t('visualization.noAlarms')}</p>}
      <ul className={styles.alarmList}>
        {shown.map((alarm) => (
          <li key={alarm.id} className={alarm.processingState === 1 ? styles.alarmNew : styles.alarmAcknowledged}>
            <div className={styles.alarmHead}>
              <span className={styles.severity} data-severity={alarm.severity}>
                {t(`alarms.severity.${alarm.severity}`)}
              </span>
              <strong>{meterNames.get(alarm.subject.id) ?? alarm.subject.name}</strong>
              <time className={styles.quiet}>{time.format(alarm.raisedAt)}</time>
            </div>
            <div className={styles.alarmMessage}>{alarm.message}</div>
            <div className={styles.quiet}>{t(alarm.processingState === 1 ? 'alarms.state.new' : 'alarms.state.acknowledged')}</div>
          </li>
        ))}
      </ul>
      {alarms.length > shown.length && <p className={styles.quiet}>{t('visualization.moreAlarms', { count: alarms.length - shown.length })}</p>}
    </section>
  );
}
