import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { WidgetMessage } from '../band-cost/WidgetMessage';
import { lineSecBars, type LineSecWallData } from './channel';
import type { LineSecOptions } from './options';

/** SEC per line as horizontal bars with the target as a marker; over target in the alarm colour. */
function LineSecWidget({ options, channels, width, height, scale, theme }: WidgetProps<LineSecOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const data = useChannel<LineSecWallData>(channels[0])?.value;
  if (!data) return <WidgetMessage width={width} height={height} scale={scale} colour={palette.subtleText} text={t('lineSecWidget.noData')} />;
  const bars = lineSecBars(data, options);
  if (bars.length === 0) return <WidgetMessage width={width} height={height} scale={scale} colour={palette.subtleText} text={t('lineSecWidget.noLines')} />;

  // Each row is a name line over a bar; the font follows the row height and the tile's width, never the text.
  const rowHeight = (height - 2) / (bars.length + 0.9);
  const font = Math.max(8, Math.min(16 * scale, rowHeight / 2.6, width / 30));
  const line = { whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis', fontVariantNumeric: 'tabular-nums' as const };
  const colourOf = (status: string) => (status === 'over' ? palette.alarm : status === 'ok' ? palette.good : theme.accent);
  return (
    <div
      data-testid="line-sec"
      style={{
        width,
        height,
        boxSizing: 'border-box',
        padding: `${font * 0.3}px ${font * 0.6}px`,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        color: palette.text,
        lineHeight: 1.2,
      }}
    >
      <div style={{ ...line, fontSize: font * 0.85, color: palette.subtleText, flexShrink: 0, height: rowHeight * 0.6 }}>
        {t('lineSecWidget.heading', { period: t(`lineSecWidget.periods.${data.period}`) })}
      </div>
      {bars.map((bar) => (
        <div
          key={bar.key}
          data-testid="line-sec-row"
          data-status={bar.status}
          style={{ height: rowHeight, minHeight: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: font * 0.2 }}
        >
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: font, fontSize: font }}>
            <span style={{ ...line, minWidth: 0 }}>{bar.name}</span>
            <span style={{ ...line, flexShrink: 0 }}>
              <span data-testid="line-sec-value" style={{ fontWeight: 600, color: bar.status === 'over' ? palette.alarm : palette.text }}>
                {bar.status === 'noOutput' ? t('lineSecWidget.noOutput') : bar.secText}
              </span>
              {bar.sec !== null && <span style={{ color: palette.subtleText, fontSize: font * 0.85 }}> {bar.unit}</span>}
              {bar.targetText !== null && (
                <span style={{ color: palette.subtleText, fontSize: font * 0.85 }}> / {t('lineSecWidget.target', { value: bar.targetText })}</span>
              )}
            </span>
          </div>
          <div style={{ position: 'relative', height: Math.max(4, font * 0.7), background: palette.track, borderRadius: font * 0.15 }}>
            <div
              style={{
                position: 'absolute',
                left: 0,
                top: 0,
                bottom: 0,
                width: `${(bar.length * 100).toFixed(1)}%`,
                background: colourOf(bar.status),
                borderRadius: font * 0.15,
              }}
            />
            {bar.targetAt !== null && (
              <div
                data-testid="line-sec-target"
                style={{
                  position: 'absolute',
                  left: `calc(${(bar.targetAt * 100).toFixed(1)}% - 1px)`,
                  top: -font * 0.2,
                  bottom: -font * 0.2,
                  width: Math.max(2, font * 0.15),
                  background: palette.text,
                }}
              />
            )}
          </div>
        </div>
      ))}
    </div>
  );
}

export default observer(LineSecWidget);
