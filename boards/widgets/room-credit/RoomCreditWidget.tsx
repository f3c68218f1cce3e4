import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { WidgetMessage } from '../band-cost/WidgetMessage';
import { moneyText } from '../band-cost/bandFormat';
import { ROOM_STATE_COLOURS } from '../prepaid-overview/roomStates';
import type { RoomCreditData } from './channel';
import type { RoomCreditOptions } from './options';
import { fittingRows } from './roomCreditLayout';

function RoomCreditWidget({ options, channels, width, height, scale, theme }: WidgetProps<RoomCreditOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const data = useChannel<RoomCreditData>(channels[0])?.value;
  if (!data || data.rooms.length === 0)
    return (
      <WidgetMessage
        width={width}
        height={height}
        scale={scale}
        colour={palette.subtleText}
        text={t(data ? 'prepaidWidgets.noRooms' : 'prepaidWidgets.noData')}
      />
    );
  const { font, rows } = fittingRows(height, width, scale, Math.min(options.limit, data.rooms.length));
  const shown = data.rooms.slice(0, rows);
  const cell = { whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis', fontVariantNumeric: 'tabular-nums' as const };
  const columns = options.showMember
    ? 'minmax(0,1.2fr) minmax(0,1.4fr) minmax(0,1.2fr) minmax(0,0.8fr) minmax(0,1.1fr)'
    : 'minmax(0,1.4fr) minmax(0,1.2fr) minmax(0,0.8fr) minmax(0,1.1fr)';
  const header = { ...cell, fontSize: font * 0.8, color: palette.subtleText };
  return (
    <div
      data-testid="room-credit"
      style={{
        width,
        height,
        boxSizing: 'border-box',
        padding: `${font * 0.3}px ${font * 0.6}px`,
        display: 'grid',
        gridTemplateColumns: columns,
        gridAutoRows: `${font * 1.5}px`,
        alignItems: 'center',
        columnGap: font * 0.6,
        overflow: 'hidden',
        color: palette.text,
        fontSize: font,
        lineHeight: 1.2,
      }}
    >
      <div style={header}>{t('prepaidWidgets.roomCredit.room')}</div>
      {options.showMember && <div style={header}>{t('prepaidWidgets.roomCredit.member')}</div>}
      <div style={{ ...header, textAlign: 'right' }}>{t('prepaidWidgets.roomCredit.balance')}</div>
      <div style={{ ...header, textAlign: 'right' }}>{t('prepaidWidgets.roomCredit.daysLeft')}</div>
      <div style={header}>{t('prepaidWidgets.roomCredit.state')}</div>
      {shown.map((room) => (
        <div key={room.accountId} data-testid={`room-credit-row-${room.accountId}`} data-state={room.roomState} style={{ display: 'contents' }}>
          <div style={{ ...cell, fontWeight: 600 }} title={room.building ? `${room.building} · ${room.roomCode}` : room.roomCode}>
            {room.roomCode}
          </div>
          {options.showMember && <div style={{ ...cell, color: palette.subtleText }}>{room.memberName ?? '–'}</div>}
          <div style={{ ...cell, textAlign: 'right', color: room.balanceMinor < 0 ? palette.alarm : palette.text }}>
            {moneyText(room.balanceMinor, data.currency)}
          </div>
          <div style={{ ...cell, textAlign: 'right', fontWeight: 600 }}>
            {room.daysLeft === null ? '–' : t('prepaidWidgets.roomCredit.days', { days: room.daysLeft.toFixed(1) })}
          </div>
          <div style={{ ...cell, display: 'flex', alignItems: 'center', gap: font * 0.4 }}>
            <span style={{ width: font * 0.6, height: font * 0.6, borderRadius: '50%', background: ROOM_STATE_COLOURS[room.roomState], flexShrink: 0 }} />
            <span style={cell}>{t(`prepaidWidgets.states.${room.roomState}`)}</span>
          </div>
        </div>
      ))}
    </div>
  );
}

export default observer(RoomCreditWidget);
