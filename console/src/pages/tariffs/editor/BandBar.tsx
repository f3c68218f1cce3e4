import { useTranslation } from 'react-i18next';
import { BAND_COLOURS, type BandSpan } from '@shared/tariffs';
import styles from '../tariffs.module.css';
import { barBox, barEdges, barFaults, barSegments, DAY_MINUTES, hhmm } from './layoutMath';

/** Below this share of the day (about 1 h 40 min) a span shows no label on the bar, only its tooltip. */
const LABEL_MIN_SHARE = 0.07;
/** Edges closer than this (minutes) alternate between two rows so their HH:MM do not overlap. */
const EDGE_CROWD = 80;

interface BandBarProps {
  spans: readonly BandSpan[];
  testId: string;
}

/**
 * A day's band layout as a 24-hour bar: each span in its band's colour (BAND_COLOURS, as on the wall)
 * with its band's name, a gap hatched and an overlap striped red, and the edges in HH:MM under it.
 */
export function BandBar({ spans, testId }: BandBarProps) {
  const { t } = useTranslation();
  const segments = barSegments(spans);
  const faults = barFaults(spans);
  const edges = barEdges(segments);
  // Each edge goes on the top row unless the last one there is too close, then on the low row.
  let lastTop = -Infinity;
  let lastLow = -Infinity;
  const rows = edges.map((edge) => {
    const low = edge - lastTop < EDGE_CROWD && edge - lastLow >= EDGE_CROWD;
    if (low) lastLow = edge;
    else lastTop = edge;
    return low;
  });
  const summary = segments.map((s) => `${t(`tariffs.band.${s.band}`)} ${hhmm(s.start)}–${hhmm(s.end)}`).join(', ');
  return (
    <div className={styles.bar} data-testid={testId} role="img" aria-label={summary}>
      <div className={styles.track}>
        {segments.map((segment) => {
          const label = t(`tariffs.band.${segment.band}`);
          const title = `${label} ${hhmm(segment.start)}–${hhmm(segment.end)}`;
          return (
            <div
              key={`${segment.span}-${segment.start}`}
              className={styles.segment}
              style={{ ...barBox(segment.start, segment.end), background: BAND_COLOURS[segment.band] }}
              title={title}
              data-testid={`${testId}-segment`}
              data-band={segment.band}
              data-span={segment.span}
            >
              {(segment.end - segment.start) / DAY_MINUTES >= LABEL_MIN_SHARE ? label : null}
            </div>
          );
        })}
        {faults.map((fault) => (
          <div
            key={`${fault.kind}-${fault.start}`}
            className={fault.kind === 'gap' ? styles.gap : styles.overlap}
            style={barBox(fault.start, fault.end)}
            title={`${t(`tariffs.editor.${fault.kind}`)} ${hhmm(fault.start)}–${hhmm(fault.end)}`}
            data-testid={`${testId}-${fault.kind}`}
          />
        ))}
      </div>
      <div className={styles.axis}>
        {edges.map((edge, index) => (
          <span
            key={edge}
            className={[styles.edge, rows[index] ? styles.edgeLow : '', edge === 0 ? styles.edgeFirst : '', edge === DAY_MINUTES ? styles.edgeLast : '']
              .filter(Boolean)
              .join(' ')}
            style={{ left: barBox(0, edge).width }}
            data-testid={`${testId}-edge`}
          >
            {hhmm(edge)}
          </span>
        ))}
      </div>
    </div>
  );
}
