import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { WidgetMessage } from '../band-cost/WidgetMessage';
import type { ShiftEnergyData } from './channel';
import { shiftBars } from './shiftBars';
import type { ShiftEnergyOptions } from './options';

function ShiftEnergyWidget({ options, channels, width, height, scale, theme }: WidgetProps<ShiftEnergyOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const data = useChannel<ShiftEnergyData>(channels[0])?.value;
  if (!data) return <WidgetMessage width={width} height={height} scale={scale} colour={palette.subtleText} text={t('tariffWidgets.noData')} />;
  const { bars, average, averageHeight } = shiftBars(data, options.digits);
  if (bars.length === 0)
    return <WidgetMessage width={width} height={height} scale={scale} colour={palette.subtleText} text={t('tariffWidgets.shiftEnergy.noShifts')} />;

  const columns = Math.max(bars.length, options.previous + 1);
  const font = Math.max(8, Math.min(14 * scale, height / 14, width / columns / 6.2));
  const big = font * 1.7;
  const line = { whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis', fontVariantNumeric: 'tabular-nums' as const };
  const current = data.current;
  return (
    <div
      data-testid="shift-energy"
      style={{
        width,
        height,
        boxSizing: 'border-box',
        padding: `${font * 0.3}px ${font * 0.6}px`,
        display: 'flex',
        flexDirection: 'column',
        gap: font * 0.5,
        overflow: 'hidden',
        color: palette.text,
        lineHeight: 1.2,
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: font, minWidth: 0, flexShrink: 0 }}>
        <div style={{ minWidth: 0 }}>
          <div data-testid="shift-energy-current" style={{ ...line, fontSize: big, fontWeight: 600 }}>
            {current ? withThousands(current.energy, options.digits) : '–'}
            <span style={{ fontSize: font, fontWeight: 400, marginLeft: font * 0.3, color: palette.subtleText }}>{data.unit}</span>
          </div>
          <div style={{ ...line, fontSize: font * 0.9, color: palette.subtleText }}>
            {current
              ? t('tariffWidgets.shiftEnergy.current', {
                  shift: current.teamName ? `${current.shiftName} · ${current.teamName}` : current.shiftName,
                  percent: Math.round(current.elapsed * 100),
                })
              : t('tariffWidgets.shiftEnergy.noCurrent')}
          </div>
        </div>
        {average !== null && (
          <div style={{ minWidth: 0, textAlign: 'right' }}>
            <div data-testid="shift-energy-average" style={{ ...line, fontSize: big, fontWeight: 600, color: palette.subtleText }}>
              {withThousands(average, options.digits)}
            </div>
            <div style={{ ...line, fontSize: font * 0.9, color: palette.subtleText }}>
              {t('tariffWidgets.shiftEnergy.average', { count: data.previous.length })}
            </div>
          </div>
        )}
      </div>
      <div style={{ flex: 1, minHeight: 0, display: 'flex', gap: font * 0.5, alignItems: 'stretch' }}>
        {bars.map((bar) => (
          <div
            key={bar.key}
            data-testid={bar.current ? 'shift-energy-bar-current' : 'shift-energy-bar'}
            style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
          >
            <div style={{ flex: 1, minHeight: 0, paddingTop: font * 1.4, boxSizing: 'border-box' }}>
              <div style={{ position: 'relative', height: '100%' }}>
                {averageHeight !== null && (
                  <div
                    data-testid="shift-energy-average-line"
                    style={{
                      position: 'absolute',
                      left: 0,
                      right: 0,
                      bottom: `${(averageHeight * 100).toFixed(1)}%`,
                      borderTop: `1px dashed ${palette.subtleText}`,
                    }}
                  />
                )}
                <div
                  style={{
                    position: 'absolute',
                    left: '15%',
                    right: '15%',
                    bottom: 0,
                    height: `${(bar.height * 100).toFixed(1)}%`,
                    minHeight: 1,
                    background: bar.current ? theme.accent : palette.axisLine,
                    borderRadius: `${font * 0.2}px ${font * 0.2}px 0 0`,
                  }}
                />
                <div
                  style={{
                    ...line,
                    position: 'absolute',
                    left: 0,
                    right: 0,
                    textAlign: 'center',
                    bottom: `${(bar.height * 100).toFixed(1)}%`,
                    paddingBottom: font * 0.15,
                    fontSize: font,
                    fontWeight: bar.current ? 600 : 400,
                  }}
                >
                  {bar.estimated ? '~' : ''}
                  {bar.energyText}
                </div>
              </div>
            </div>
            <div style={{ width: '100%', textAlign: 'center', fontSize: font * 0.9, flexShrink: 0, paddingTop: font * 0.25 }}>
              <div style={{ ...line, fontWeight: bar.current ? 600 : 400 }}>{bar.shiftName}</div>
              <div style={{ ...line, color: palette.subtleText }}>{bar.teamName ?? '–'}</div>
              <div style={{ ...line, color: palette.subtleText }}>{bar.dayText}</div>
              {options.showCost && <div style={{ ...line, color: palette.subtleText }}>{bar.costText ?? '–'}</div>}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

export default observer(ShiftEnergyWidget);
