import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import { ALARM_COUNTS_CHANNEL, type AlarmTotalCount } from '@shared/schemas/alarms';
import { useChannel } from '../../runtime/channelReader';
import type { WidgetProps } from '../../widgetDescriptor';
import { COUNTER_COLOURS, COUNTER_LABEL_KEYS, counterCells, counterGrid } from './counterCells';
import type { AlarmCountersOptions } from './options';

function AlarmCountersWidget({ options, width, height, scale }: WidgetProps<AlarmCountersOptions>) {
  const { t } = useTranslation();
  const reading = useChannel<AlarmTotalCount>(ALARM_COUNTS_CHANNEL);
  if (!reading) {
    return (
      <div
        data-testid="counters-no-data"
        style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 16 * scale, opacity: 0.6 }}
      >
        {t('liveWidgets.noData')}
      </div>
    );
  }
  const cells = counterCells(reading.value, options.kinds);
  const { columns, rows } = counterGrid(cells.length, width, height);
  const cellHeight = height / rows;
  const labelSize = Math.max(8, Math.min(14 * scale, cellHeight * 0.2));
  const numberSize = Math.max(10, Math.min(48 * scale, cellHeight * 0.55, (width / columns) * 0.4));
  return (
    <div
      style={{ width, height, display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gridTemplateRows: `repeat(${rows}, 1fr)`, overflow: 'hidden' }}
    >
      {cells.map(({ kind, count }) => (
        <div
          key={kind}
          data-testid={`counter-${kind}`}
          data-open={count !== null && count > 0}
          style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', minWidth: 0 }}
        >
          <span
            style={{
              fontSize: numberSize,
              fontWeight: 700,
              lineHeight: 1.1,
              fontVariantNumeric: 'tabular-nums',
              ...(count ? { color: COUNTER_COLOURS[kind] } : {}),
            }}
          >
            {count === null ? '–' : withThousands(count, 0)}
          </span>
          <span style={{ fontSize: labelSize, opacity: 0.8, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' }}>
            {t(COUNTER_LABEL_KEYS[kind])}
          </span>
        </div>
      ))}
    </div>
  );
}

export default observer(AlarmCountersWidget);
