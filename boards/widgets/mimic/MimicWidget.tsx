import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import { metricDef } from '@shared/metering/metrics';
import type { MeterLatestValues } from '@shared/realtime/protocol';
import { OPEN_ALARMS_CHANNEL } from '@shared/board/channels';
import { meterLatestChannel } from '@shared/schemas/alarms';
import { useChannel } from '../../runtime/channelReader';
import { openAlarmsOf } from '../../runtime/openAlarmsReading';
import type { WidgetProps } from '../../widgetDescriptor';
import { isPictureUrl } from '@shared/schemas/pictureUrl';
import type { MimicIcon, MimicOptions } from './options';
import { metersInAlarm, pictureRect } from './mimicLayout';

const ALARM_RED = '#ff4d4f';

const DeviceIcon = observer(function DeviceIcon({
  icon,
  left,
  top,
  inAlarm,
  fontSize,
  accent,
}: {
  icon: MimicIcon;
  left: number;
  top: number;
  inAlarm: boolean;
  fontSize: number;
  accent: string;
}) {
  const { t } = useTranslation();
  const reading = useChannel<MeterLatestValues>(meterLatestChannel(icon.meterId));
  const value = reading?.value.values?.[icon.metric];
  const unit = metricDef(icon.metric)?.unit ?? '';
  const colour = inAlarm ? ALARM_RED : accent;
  return (
    <div
      data-testid={`mimic-icon-${icon.meterId}`}
      data-alarm={inAlarm}
      title={inAlarm ? t('liveWidgets.mimic.inAlarm') : undefined}
      style={{
        position: 'absolute',
        left,
        top,
        transform: 'translate(-50%, -50%)',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: fontSize * 0.2,
        pointerEvents: 'none',
      }}
    >
      <div
        style={{
          width: fontSize * 1.1,
          height: fontSize * 1.1,
          borderRadius: '50%',
          background: colour,
          border: `${Math.max(1, fontSize * 0.12)}px solid rgba(255,255,255,0.85)`,
          boxShadow: inAlarm ? `0 0 ${fontSize * 0.6}px ${ALARM_RED}` : 'none',
        }}
      />
      <div
        style={{
          padding: `${fontSize * 0.15}px ${fontSize * 0.4}px`,
          borderRadius: fontSize * 0.25,
          background: 'rgba(7,17,31,0.78)',
          color: inAlarm ? ALARM_RED : '#fff',
          fontSize,
          lineHeight: 1.2,
          textAlign: 'center',
          whiteSpace: 'nowrap',
          border: `1px solid ${colour}`,
        }}
      >
        <div style={{ opacity: 0.85, fontSize: fontSize * 0.85 }}>{icon.label || t('liveWidgets.mimic.meter', { id: icon.meterId })}</div>
        <div data-testid={`mimic-value-${icon.meterId}`} style={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {typeof value === 'number' ? `${withThousands(value, icon.digits)}${unit ? ` ${unit}` : ''}` : '–'}
        </div>
      </div>
    </div>
  );
});

/**
 * The picture at the tile size with each icon at its x %/y % of the picture (not of the tile), so a
 * wall of another shape keeps every icon on its machine. An icon is red while its meter has a record
 * in the wall's open alarm list (`alarms:open`, so alarms raised before the mimic mounted count too).
 */
function MimicWidget({ options, width, height, scale, theme }: WidgetProps<MimicOptions>) {
  const { t } = useTranslation();
  const [natural, setNatural] = useState({ width: 0, height: 0 });
  const openAlarms = openAlarmsOf(useChannel(OPEN_ALARMS_CHANNEL)?.value);

  const background = options.background && isPictureUrl(options.background) ? options.background : '';
  if (!background && options.icons.length === 0) {
    return (
      <div
        data-testid="mimic-no-data"
        style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 16 * scale, opacity: 0.6 }}
      >
        {t('liveWidgets.noData')}
      </div>
    );
  }
  const rect = pictureRect(width, height, background ? natural.width : 0, background ? natural.height : 0, options.fit);
  const alarming = metersInAlarm(openAlarms);
  const fontSize = 12 * scale;
  return (
    <div style={{ position: 'relative', width, height, overflow: 'hidden' }}>
      {background && (
        <img
          src={background}
          alt=""
          draggable={false}
          onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          style={{ position: 'absolute', left: 0, top: 0, width, height, objectFit: options.fit, display: 'block' }}
        />
      )}
      {options.icons.map((icon, index) => (
        <DeviceIcon
          key={`${icon.meterId}-${index}`}
          icon={icon}
          left={rect.left + (icon.x / 100) * rect.width}
          top={rect.top + (icon.y / 100) * rect.height}
          inAlarm={alarming.has(icon.meterId)}
          fontSize={fontSize}
          accent={theme.accent}
        />
      ))}
    </div>
  );
}

export default observer(MimicWidget);
