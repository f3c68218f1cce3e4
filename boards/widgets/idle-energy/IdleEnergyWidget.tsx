import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { WidgetMessage } from '../band-cost/WidgetMessage';
import { STATE_COLOURS } from '@shared/productionDevices/stateColours';
import type { IdleEnergyData } from './channel';
import type { IdleEnergyOptions } from './options';
import { idleRows, kwhText } from './idleRows';

/** Lines the layout reserves besides the device rows: the total (a big figure) and the gaps. */
const FIXED_LINES = 3.5;

function IdleEnergyWidget({ options, channels, width, height, scale, theme }: WidgetProps<IdleEnergyOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const data = useChannel<IdleEnergyData>(channels[0])?.value;
  if (!data || data.devices.length === 0)
    return (
      <WidgetMessage
        width={width}
        height={height}
        scale={scale}
        colour={palette.subtleText}
        text={t(data ? 'productionDevices.widget.noDevices' : 'productionDevices.widget.noData')}
      />
    );
  const rows = idleRows(data, options.limit);
  const font = Math.max(8, Math.min(16 * scale, height / (FIXED_LINES + rows.length * 1.7), width / 22));
  const cell = { whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis', fontVariantNumeric: 'tabular-nums' as const };
  return (
    <div
      data-testid="idle-energy"
      style={{
        width,
        height,
        boxSizing: 'border-box',
        padding: `${font * 0.4}px ${font * 0.7}px`,
        display: 'flex',
        flexDirection: 'column',
        gap: font * 0.45,
        overflow: 'hidden',
        color: palette.text,
        lineHeight: 1.2,
      }}
    >
      <div style={{ ...cell, fontSize: font, color: palette.subtleText }}>
        <span data-testid="idle-energy-total" style={{ fontSize: font * 2, fontWeight: 600, color: STATE_COLOURS.idle, marginRight: font * 0.3 }}>
          {kwhText(data.totals.idleEnergy, options.digits)}
        </span>
        <span style={{ marginRight: font * 0.4 }}>kWh</span>
        {t('productionDevices.widget.total')}
        <span style={{ marginLeft: font * 0.4 }}>{t('productionDevices.widget.ofEnergy', { energy: kwhText(data.totals.energy, options.digits) })}</span>
      </div>
      {/* One grid for all rows (rows are subgrids): the value column is as wide as the widest value, so the bars line up. */}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr) auto',
          alignContent: 'start',
          columnGap: font * 0.6,
          rowGap: font * 0.5,
          flex: 1,
          minHeight: 0,
        }}
      >
        {rows.map((row) => (
          <div
            key={row.id}
            data-testid={`idle-energy-row-${row.id}`}
            style={{ display: 'grid', gridColumn: '1 / -1', gridTemplateColumns: 'subgrid', alignItems: 'center' }}
          >
            <span style={{ ...cell, fontSize: font }}>{row.name}</span>
            <div
              role="img"
              aria-label={t('productionDevices.widget.idleHours', { value: kwhText(row.idleHours, 2) })}
              style={{ display: 'flex', height: font * 0.8, borderRadius: font * 0.15, overflow: 'hidden', background: palette.track }}
            >
              {row.shares.map((part) => (
                <div key={part.state} data-state={part.state} style={{ width: `${(part.share * 100).toFixed(2)}%`, background: part.colour }} />
              ))}
            </div>
            <span style={{ ...cell, fontSize: font * 1.1, fontWeight: 600, textAlign: 'right' }}>
              {kwhText(row.idleEnergy, options.digits)}
              <span style={{ fontSize: font * 0.75, fontWeight: 400, color: palette.subtleText, marginLeft: font * 0.25 }}>kWh</span>
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

export default observer(IdleEnergyWidget);
