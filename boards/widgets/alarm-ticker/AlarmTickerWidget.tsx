import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OPEN_ALARMS_CHANNEL } from '@shared/board/channels';
import { ALARM_COUNTS_CHANNEL, ALARM_STATES, type AlarmRecord, type AlarmTotalCount } from '@shared/schemas/alarms';
import { useChannel, useChannelReader } from '../../runtime/channelReader';
import { openAlarmsOf } from '../../runtime/openAlarmsReading';
import type { WidgetProps } from '../../widgetDescriptor';
import type { AlarmTickerOptions } from './options';
import { hiddenCount, SEVERITY_COLOURS, tickerRows, unacknowledgedOf, type TickerFilter } from './tickerRows';
import { useTickerSound } from './useTickerSound';

const tagStyle = (fontSize: number) => ({
  fontSize: fontSize * 0.8,
  padding: `0 ${fontSize * 0.4}px`,
  border: '1px solid currentColor',
  borderRadius: fontSize * 0.3,
  opacity: 0.85,
});

const Row = observer(function Row({ record, fontSize }: { record: AlarmRecord; fontSize: number }) {
  const { t } = useTranslation();
  const colour = SEVERITY_COLOURS[record.severity];
  // Acknowledged alarms stay open and listed, calmly: no tint, dimmed, with a tag (only new ones sound).
  const fresh = record.processingState === ALARM_STATES.new;
  return (
    <li
      data-testid={`ticker-alarm-${record.id}`}
      data-severity={record.severity}
      data-state={fresh ? 'new' : 'acknowledged'}
      style={{
        display: 'grid',
        gridTemplateColumns: 'auto auto 1fr auto auto',
        alignItems: 'baseline',
        gap: fontSize * 0.6,
        padding: `${fontSize * 0.3}px ${fontSize * 0.5}px`,
        borderLeft: `${Math.max(2, fontSize * 0.25)}px solid ${colour}`,
        background: fresh ? `${colour}22` : 'transparent',
        opacity: fresh ? 1 : 0.7,
        fontSize,
        lineHeight: 1.3,
        whiteSpace: 'nowrap',
      }}
    >
      <span style={{ color: colour, fontWeight: 600 }}>{t(`alarms.severity.${record.severity}`)}</span>
      <span style={{ opacity: 0.8 }}>{t(`alarms.kind.${record.kind}`)}</span>
      {/* Subject and message are plain text from the server, rendered as text nodes. */}
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        <strong>{record.subject.name}</strong>
        {record.subject.code ? ` (${record.subject.code})` : ''} · {record.message}
      </span>
      <span style={{ display: 'inline-flex', gap: fontSize * 0.4 }}>
        {/* The condition is over but nobody has processed the alarm yet: say so, so the room knows it is not still going on. */}
        {record.endedAt !== null && (
          <span data-testid="ticker-ended" style={{ ...tagStyle(fontSize), opacity: 0.75 }}>
            {t('liveWidgets.alarmTicker.ended', { time: dayjs(record.endedAt).format('HH:mm') })}
          </span>
        )}
        {!fresh && (
          <span data-testid="ticker-acknowledged" style={tagStyle(fontSize)}>
            {t('liveWidgets.alarmTicker.acknowledged')}
          </span>
        )}
      </span>
      <time dateTime={new Date(record.raisedAt).toISOString()} style={{ opacity: 0.75, fontVariantNumeric: 'tabular-nums' }}>
        {dayjs(record.raisedAt).format('MM-DD HH:mm:ss')}
      </time>
    </li>
  );
});

/**
 * The newest open alarms of the wall (`alarms:open`, read from the app's AlarmStore: the whole list each
 * time, so a ticker mounted late shows what arrived before it; acknowledged ones stay, tagged; processed
 * and cleared records have left it). "No open alarms" only when none is open; "+N more" for the rest.
 * Sounds the annunciator for new unacknowledged ones; no acknowledge button.
 */
function AlarmTickerWidget({ options, width, height, scale }: WidgetProps<AlarmTickerOptions>) {
  const { t } = useTranslation();
  const reader = useChannelReader();
  const open = openAlarmsOf(useChannel(OPEN_ALARMS_CHANNEL)?.value);
  const openTotal = useChannel<AlarmTotalCount>(ALARM_COUNTS_CHANNEL)?.value.total ?? null;
  // The sounder's reaction outlives renders: it reads the newest reader and options through refs.
  const current = useRef<{ reader: typeof reader; filter: TickerFilter }>({ reader, filter: options });
  current.current = { reader, filter: options };
  const sounder = useTickerSound(
    () => unacknowledgedOf(openAlarmsOf(current.current.reader.read(OPEN_ALARMS_CHANNEL)?.value), current.current.filter),
    options.sound,
  );

  const fontSize = 14 * scale;
  const rows = tickerRows(open, options, options.maxRows);
  const more = hiddenCount(open, options, rows.length, openTotal);
  const showChip = options.sound && sounder.soundBlocked && !sounder.muted;
  return (
    <div style={{ width, height, overflow: 'hidden', display: 'flex', flexDirection: 'column', gap: fontSize * 0.4 }}>
      {showChip && (
        <button
          type="button"
          data-testid="ticker-enable-sound"
          onClick={() => void sounder.enableSound()}
          style={{
            alignSelf: 'flex-start',
            fontSize: fontSize * 0.9,
            padding: `${fontSize * 0.2}px ${fontSize * 0.7}px`,
            borderRadius: fontSize,
            border: '1px solid currentColor',
            background: 'transparent',
            color: 'inherit',
            cursor: 'pointer',
          }}
        >
          {t('liveWidgets.alarmTicker.enableSound')}
        </button>
      )}
      {rows.length === 0 ? (
        <div
          data-testid="ticker-empty"
          style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: fontSize * 1.2, opacity: 0.6 }}
        >
          {t('liveWidgets.alarmTicker.none')}
        </div>
      ) : (
        <ul
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: fontSize * 0.3, overflow: 'hidden', minHeight: 0 }}
        >
          {rows.map((record) => (
            <Row key={record.id} record={record} fontSize={fontSize} />
          ))}
        </ul>
      )}
      {more > 0 && (
        <div data-testid="ticker-more" style={{ flexShrink: 0, fontSize: fontSize * 0.9, opacity: 0.75, paddingLeft: fontSize * 0.5 }}>
          {t('liveWidgets.alarmTicker.more', { count: more })}
        </div>
      )}
    </div>
  );
}

export default observer(AlarmTickerWidget);
