import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { CiiLetter } from '@shared/ships/api';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { WidgetMessage } from '../band-cost/WidgetMessage';
import type { FleetCiiData } from './channel';
import { fleetRows, TRACK_MAX_RATIO } from './fleetRows';
import { LETTER_COLOURS, LETTER_INK } from './letterColours';
import type { FleetCiiOptions } from './options';

const LETTERS: readonly CiiLetter[] = ['A', 'B', 'C', 'D', 'E'];
/** Lines the layout reserves besides the ship rows: the header and the gaps. */
const FIXED_LINES = 2.6;

function Letter({ letter, size, testId }: { letter: CiiLetter | null; size: number; testId?: string }) {
  return (
    <span
      data-testid={testId}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: size * 0.2,
        fontWeight: 700,
        fontSize: size * 0.62,
        lineHeight: 1,
        flexShrink: 0,
        background: letter ? LETTER_COLOURS[letter] : 'rgba(128,128,128,0.25)',
        color: letter ? LETTER_INK[letter] : 'inherit',
      }}
    >
      {letter ?? '–'}
    </span>
  );
}

function FleetCiiWidget({ options, channels, width, height, scale, theme }: WidgetProps<FleetCiiOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const data = useChannel<FleetCiiData>(channels[0])?.value;
  if (!data) return <WidgetMessage width={width} height={height} scale={scale} colour={palette.subtleText} text={t('tariffWidgets.noData')} />;
  if (data.ships.length === 0)
    return <WidgetMessage width={width} height={height} scale={scale} colour={palette.subtleText} text={t('ships.widget.noShips')} />;

  const rows = fleetRows(data, options.limit, options.digits);
  const font = Math.max(8, Math.min(16 * scale, height / (FIXED_LINES + rows.length * 1.9), width / 28));
  const badge = font * 1.6;
  const line = { whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis', fontVariantNumeric: 'tabular-nums' as const };
  const requiredAt = `${((1 / TRACK_MAX_RATIO) * 100).toFixed(1)}%`;
  return (
    <div
      data-testid="fleet-cii"
      style={{
        width,
        height,
        boxSizing: 'border-box',
        padding: `${font * 0.4}px ${font * 0.7}px`,
        display: 'flex',
        flexDirection: 'column',
        gap: font * 0.5,
        overflow: 'hidden',
        color: palette.text,
        fontSize: font,
        lineHeight: 1.2,
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: font, flexShrink: 0, minWidth: 0 }}>
        <div data-testid="fleet-cii-year" style={{ ...line, fontWeight: 600, minWidth: 0 }}>
          {t(data.yearToDate ? 'ships.widget.yearToDate' : 'ships.widget.year', { year: data.year })}
        </div>
        <div style={{ display: 'flex', gap: font * 0.5, flexShrink: 0 }}>
          {LETTERS.map((letter) => (
            <span key={letter} data-testid={`fleet-cii-count-${letter}`} style={{ display: 'inline-flex', alignItems: 'center', gap: font * 0.2 }}>
              <Letter letter={letter} size={font * 1.2} />
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>{data.counts[letter]}</span>
            </span>
          ))}
        </div>
      </div>
      <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', justifyContent: 'space-evenly', gap: font * 0.3 }}>
        {rows.map((row) => (
          <div
            key={row.shipId}
            data-testid="fleet-cii-ship"
            style={{
              display: 'grid',
              gridTemplateColumns: options.showTrend ? `${badge}px minmax(0, 1.3fr) minmax(0, 1.7fr) auto` : `${badge}px minmax(0, 1.3fr) minmax(0, 1.7fr)`,
              alignItems: 'center',
              columnGap: font * 0.6,
            }}
          >
            <Letter letter={row.letter} size={badge} testId={`fleet-cii-letter-${row.shipId}`} />
            <div style={{ ...line, fontWeight: 600 }}>{row.name}</div>
            <div style={{ minWidth: 0 }}>
              <div data-testid={`fleet-cii-figures-${row.shipId}`} style={{ ...line, fontSize: font * 0.9 }}>
                {row.attainedText}
                <span style={{ color: palette.subtleText }}> / {row.requiredText}</span>
                {row.percent !== null && <span style={{ color: palette.subtleText }}> · {row.percent}%</span>}
              </div>
              <div style={{ position: 'relative', height: font * 0.45, marginTop: font * 0.2, borderRadius: font * 0.2, background: palette.axisLine }}>
                {row.position !== null && row.letter && (
                  <div
                    style={{
                      position: 'absolute',
                      left: 0,
                      top: 0,
                      bottom: 0,
                      width: `${(row.position * 100).toFixed(1)}%`,
                      borderRadius: font * 0.2,
                      background: LETTER_COLOURS[row.letter],
                    }}
                  />
                )}
                <div style={{ position: 'absolute', left: requiredAt, top: -font * 0.2, bottom: -font * 0.2, borderLeft: `2px solid ${palette.text}` }} />
              </div>
            </div>
            {options.showTrend && (
              <div data-testid={`fleet-cii-trend-${row.shipId}`} style={{ display: 'flex', gap: font * 0.2 }}>
                {row.previous.map((previous) => (
                  <span key={previous.year} title={String(previous.year)}>
                    <Letter letter={previous.letter} size={font * 1.1} />
                  </span>
                ))}
              </div>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

export default observer(FleetCiiWidget);
