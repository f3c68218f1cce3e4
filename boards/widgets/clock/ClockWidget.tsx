import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../widgetDescriptor';
import { clockFormatter, msToNextSecond } from './clockFormat';
import type { ClockOptions } from './options';

/**
 * One timeout chain per clock, re-aimed at each next second (no drift over weeks), cleared on unmount.
 * State is the formatted text, so a clock without seconds re-renders once a minute.
 */
function useClockText(format: (at: number) => { time: string; date: string | null }) {
  const [text, setText] = useState(() => format(Date.now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let shown = '';
    const tick = () => {
      const next = format(Date.now());
      const nextKey = `${next.time}|${next.date ?? ''}`;
      if (nextKey !== shown) {
        shown = nextKey;
        setText(next);
      }
      timer = setTimeout(tick, msToNextSecond(Date.now()));
    };
    tick();
    return () => clearTimeout(timer);
  }, [format]);
  return text;
}

function ClockWidget({ options, width, height, scale }: WidgetProps<ClockOptions>) {
  const { i18n } = useTranslation();
  const { timeZone, hourCycle, showSeconds, showDate } = options;
  // Keyed by value: a host that re-parses options each render does not restart the timer.
  const format = useMemo(
    () => clockFormatter({ timeZone, hourCycle, showSeconds, showDate }, i18n.language),
    [timeZone, hourCycle, showSeconds, showDate, i18n.language],
  );
  const text = useClockText(format);
  // The time fills the tile's height when it can; the design size times the scale caps it.
  const timeSize = Math.max(8, Math.min(56 * scale, height * (text.date ? 0.5 : 0.7), (width / Math.max(5, text.time.length)) * 1.7));
  const dateSize = Math.max(8, Math.min(18 * scale, height * 0.18));
  return (
    <div
      style={{ width, height, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', lineHeight: 1.15 }}
    >
      <time data-testid="clock-time" style={{ fontSize: timeSize, fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {text.time}
      </time>
      {text.date !== null && (
        <div data-testid="clock-date" style={{ fontSize: dateSize, opacity: 0.75, whiteSpace: 'nowrap' }}>
          {text.date}
        </div>
      )}
    </div>
  );
}

export default observer(ClockWidget);
