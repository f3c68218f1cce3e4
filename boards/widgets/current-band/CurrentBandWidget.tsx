import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { BAND_COLOURS } from '@shared/tariffs/bands';
import { microOf } from '@shared/tariffs/tariffDefinition';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { WidgetMessage } from '../band-cost/WidgetMessage';
import { priceText } from '../band-cost/bandFormat';
import type { CurrentBandData } from './channel';
import { countdownParts } from './countdown';
import type { CurrentBandOptions } from './options';

/** Now, every 15 s: the countdown is in whole minutes. */
function useNow(stepMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}

function CurrentBandWidget({ options, channels, width, height, scale, theme }: WidgetProps<CurrentBandOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const now = useNow();
  const data = useChannel<CurrentBandData>(channels[0])?.value;
  if (!data) return <WidgetMessage width={width} height={height} scale={scale} colour={palette.subtleText} text={t('tariffWidgets.noData')} />;
  if (data.tariffName === null || data.band === null)
    return <WidgetMessage width={width} height={height} scale={scale} colour={palette.subtleText} text={t('tariffWidgets.currentBand.noTariff')} />;

  const bandName = t(`tariffWidgets.bands.${data.band}`);
  const lines = 1 + (options.showPrice ? 1 : 0) + (options.showNext ? 2 : 0);
  const bandSize = Math.max(10, Math.min(52 * scale, height / (lines + 1.4), width / Math.max(3, bandName.length * 0.75)));
  const small = Math.max(8, Math.min(16 * scale, bandSize * 0.42, width / 22));
  const priceSize = Math.max(9, Math.min(26 * scale, bandSize * 0.55, width / 13));
  const wait = countdownParts(data.changesAt, now);
  const waitText = wait
    ? wait.hours > 0
      ? t('tariffWidgets.currentBand.hoursMinutes', { hours: wait.hours, minutes: wait.minutes })
      : t('tariffWidgets.currentBand.minutes', { count: wait.minutes })
    : '';
  const line = { whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' };
  return (
    <div
      data-testid="current-band"
      data-band={data.band}
      style={{
        width,
        height,
        boxSizing: 'border-box',
        padding: `${small * 0.4}px ${small * 0.8}px`,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: small * 0.3,
        overflow: 'hidden',
        color: palette.text,
        lineHeight: 1.2,
        textAlign: 'center',
      }}
    >
      <div style={{ ...line, fontSize: small, color: palette.subtleText }}>
        {data.departmentName ? `${t('tariffWidgets.currentBand.now')} · ${data.departmentName}` : t('tariffWidgets.currentBand.now')}
      </div>
      <div data-testid="current-band-name" style={{ ...line, fontSize: bandSize, fontWeight: 700, color: BAND_COLOURS[data.band] }}>
        {bandName}
      </div>
      {options.showPrice && data.priceText !== null && (
        <div data-testid="current-band-price" style={{ ...line, fontSize: priceSize, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {priceText(data.priceMicro ?? microOf(data.priceText), data.currency, data.unit)}
        </div>
      )}
      {options.showNext && data.nextBand !== null && data.changesAtText !== null && (
        <div data-testid="current-band-next" style={{ ...line, fontSize: small, color: palette.subtleText }}>
          {t('tariffWidgets.currentBand.next', { band: t(`tariffWidgets.bands.${data.nextBand}`), time: data.changesAtText })}
          {waitText && (
            <span
              data-testid="current-band-countdown"
              style={{ color: BAND_COLOURS[data.nextBand], marginLeft: small * 0.4, fontVariantNumeric: 'tabular-nums' }}
            >
              {waitText}
            </span>
          )}
        </div>
      )}
      {options.showNext && data.nextBand === null && (
        <div style={{ ...line, fontSize: small, color: palette.subtleText }}>{t('tariffWidgets.currentBand.allDay')}</div>
      )}
      <div style={{ ...line, fontSize: small * 0.85, color: palette.subtleText }}>{data.tariffName}</div>
    </div>
  );
}

export default observer(CurrentBandWidget);
