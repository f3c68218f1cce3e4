import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { WidgetMessage } from '../band-cost/WidgetMessage';
import { moneyText } from '../band-cost/bandFormat';
import type { PrepaidOverviewData } from './channel';
import type { PrepaidOverviewOptions } from './options';
import { stateShares } from './roomStates';

/** Lines of text the layout reserves besides the state cells: the total (big figure), the bar, the top-ups, gaps. */
const FIXED_LINES = 6;

function PrepaidOverviewWidget({ options, channels, width, height, scale, theme }: WidgetProps<PrepaidOverviewOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const data = useChannel<PrepaidOverviewData>(channels[0])?.value;
  if (!data || data.rooms === 0)
    return (
      <WidgetMessage
        width={width}
        height={height}
        scale={scale}
        colour={palette.subtleText}
        text={t(data ? 'prepaidWidgets.noRooms' : 'prepaidWidgets.noData')}
      />
    );
  const lines = stateShares(data.states, options.hideEmpty);
  // Wide tiles put the states in more columns, so the figures stay large on a 16:9 cell as on a tall one.
  const columns = Math.max(1, Math.min(lines.length, Math.round(width / Math.max(1, height)) * 2, 4));
  const rowsOfStates = Math.ceil(lines.length / columns);
  const font = Math.max(8, Math.min(18 * scale, height / (FIXED_LINES + rowsOfStates * 1.9), width / (columns * 11)));
  const big = font * 2;
  const cell = { whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis', fontVariantNumeric: 'tabular-nums' as const };
  return (
    <div
      data-testid="prepaid-overview"
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
        lineHeight: 1.2,
      }}
    >
      <div style={{ ...cell, fontSize: font, color: palette.subtleText }}>
        <span data-testid="prepaid-overview-rooms" style={{ fontSize: big, fontWeight: 600, color: palette.text, marginRight: font * 0.4 }}>
          {data.rooms}
        </span>
        {t('prepaidWidgets.overview.rooms', { count: data.rooms })}
      </div>
      <div
        data-testid="prepaid-overview-bar"
        role="img"
        aria-label={lines.map((line) => `${t(`prepaidWidgets.states.${line.state}`)} ${line.count}`).join(', ')}
        style={{ display: 'flex', height: font * 1.1, borderRadius: font * 0.2, overflow: 'hidden', background: palette.track, flexShrink: 0 }}
      >
        {lines
          .filter((line) => line.count > 0)
          .map((line) => (
            <div key={line.state} data-state={line.state} style={{ width: `${(line.share * 100).toFixed(2)}%`, background: line.colour }} />
          ))}
      </div>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          columnGap: font * 0.8,
          rowGap: font * 0.4,
          flex: 1,
          alignContent: 'start',
        }}
      >
        {lines.map((line) => (
          <div key={line.state} data-testid={`prepaid-overview-${line.state}`} style={{ display: 'flex', alignItems: 'center', gap: font * 0.5, minWidth: 0 }}>
            <span style={{ width: font * 0.35, alignSelf: 'stretch', borderRadius: 2, background: line.colour, flexShrink: 0 }} />
            <div style={{ minWidth: 0 }}>
              <div style={{ ...cell, fontSize: font * 1.5, fontWeight: 600 }}>{line.count}</div>
              <div style={{ ...cell, fontSize: font * 0.85, color: palette.subtleText }}>{t(`prepaidWidgets.states.${line.state}`)}</div>
            </div>
          </div>
        ))}
      </div>
      {options.showTopups && (
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'baseline',
            gap: font,
            minWidth: 0,
            borderTop: `1px solid ${palette.track}`,
            paddingTop: font * 0.4,
          }}
        >
          <span style={{ ...cell, fontSize: font * 0.9, color: palette.subtleText }}>{t('prepaidWidgets.overview.topupsToday')}</span>
          <span style={{ ...cell, fontSize: font * 1.3, fontWeight: 600 }}>
            <span data-testid="prepaid-overview-topups">{moneyText(data.todayTopupsMinor, data.currency)}</span>
            <span style={{ fontSize: font * 0.85, fontWeight: 400, color: palette.subtleText, marginLeft: font * 0.4 }}>
              {t('prepaidWidgets.overview.topupCount', { count: data.todayTopupCount })}
            </span>
          </span>
        </div>
      )}
    </div>
  );
}

export default observer(PrepaidOverviewWidget);
