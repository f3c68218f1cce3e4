import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { WidgetMessage } from './WidgetMessage';
import type { BandCostData } from './channel';
import { bandCostRows, moneyText } from './bandFormat';
import type { BandCostOptions } from './options';

/** Rows of text the layout reserves besides the band lines: the totals (big figure and caption), the bar, gaps. */
const FIXED_LINES = 5.6;
const LINE = 1.5;

function BandCostWidget({ options, channels, width, height, scale, theme }: WidgetProps<BandCostOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const reading = useChannel<BandCostData>(channels[0]);
  const data = reading?.value;
  if (!data || data.bands.length === 0)
    return (
      <WidgetMessage
        width={width}
        height={height}
        scale={scale}
        colour={palette.subtleText}
        text={t(data ? 'tariffWidgets.bandCost.none' : 'tariffWidgets.noData')}
      />
    );
  const rows = bandCostRows(data, options.digits);
  const font = Math.max(8, Math.min(16 * scale, height / (FIXED_LINES + LINE * rows.length), width / 30));
  const big = font * 1.8;
  const period = t(options.period === 'today' ? 'tariffWidgets.bandCost.energyToday' : 'tariffWidgets.bandCost.energyMonth');
  const costCaption = t(options.period === 'today' ? 'tariffWidgets.bandCost.costToday' : 'tariffWidgets.bandCost.costMonth');
  const cell = { whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis', fontVariantNumeric: 'tabular-nums' as const };
  return (
    <div
      data-testid="band-cost"
      style={{
        width,
        height,
        boxSizing: 'border-box',
        padding: `${font * 0.3}px ${font * 0.6}px`,
        display: 'flex',
        flexDirection: 'column',
        gap: font * 0.4,
        overflow: 'hidden',
        color: palette.text,
        lineHeight: 1.2,
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: font, minWidth: 0 }}>
        <div style={{ minWidth: 0 }}>
          <div data-testid="band-cost-energy" style={{ ...cell, fontSize: big, fontWeight: 600 }}>
            {withThousands(data.totalEnergy, options.digits)}
            <span style={{ fontSize: font, fontWeight: 400, marginLeft: font * 0.3, color: palette.subtleText }}>{data.unit}</span>
          </div>
          <div style={{ ...cell, fontSize: font * 0.85, color: palette.subtleText }}>{data.scopeName ? `${period} · ${data.scopeName}` : period}</div>
        </div>
        <div style={{ minWidth: 0, textAlign: 'right' }}>
          <div data-testid="band-cost-cost" style={{ ...cell, fontSize: big, fontWeight: 600 }}>
            {moneyText(data.totalCostMinor, data.currency)}
          </div>
          <div style={{ ...cell, fontSize: font * 0.85, color: palette.subtleText }}>{costCaption}</div>
        </div>
      </div>
      <div
        data-testid="band-cost-bar"
        role="img"
        aria-label={period}
        style={{ display: 'flex', height: font * 1.1, borderRadius: font * 0.2, overflow: 'hidden', background: palette.track, flexShrink: 0 }}
      >
        {rows.map((row) => (
          <div key={row.band} data-band={row.band} style={{ width: `${(row.share * 100).toFixed(2)}%`, background: row.colour }} />
        ))}
      </div>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: options.showShare
            ? 'minmax(0,1.2fr) minmax(0,1.3fr) minmax(0,1.4fr) minmax(0,0.8fr)'
            : 'minmax(0,1.2fr) minmax(0,1.3fr) minmax(0,1.4fr)',
          columnGap: font * 0.6,
          rowGap: font * 0.3,
          fontSize: font,
          alignContent: 'start',
        }}
      >
        {rows.map((row) => (
          <div key={row.band} data-testid={`band-cost-row-${row.band}`} style={{ display: 'contents' }}>
            <div style={{ ...cell, display: 'flex', alignItems: 'center', gap: font * 0.4 }}>
              <span style={{ width: font * 0.7, height: font * 0.7, borderRadius: 2, background: row.colour, flexShrink: 0 }} />
              <span style={cell}>{t(`tariffWidgets.bands.${row.band}`)}</span>
            </div>
            <div style={{ ...cell, textAlign: 'right' }} title={row.estimated ? t('tariffWidgets.estimated') : undefined}>
              {row.estimated ? '~' : ''}
              {row.energyText} <span style={{ color: palette.subtleText }}>{data.unit}</span>
            </div>
            <div style={{ ...cell, textAlign: 'right' }}>{row.costText}</div>
            {options.showShare && <div style={{ ...cell, textAlign: 'right', color: palette.subtleText }}>{row.shareText}</div>}
          </div>
        ))}
      </div>
    </div>
  );
}

export default observer(BandCostWidget);
