import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { clockTime } from '@boards/host/staleness';
import type { TelemetryStore } from '@boards/runtime/telemetryStore';

/** The banner shows only when the socket has been down longer than this: a blip is not news. */
export const BANNER_AFTER_MS = 2000;

/** "Connection lost — showing data from HH:mm:ss, reconnecting… (attempt n)": the board stays, marked stale. */
export const ConnectionBanner = observer(function ConnectionBanner({ telemetry }: { telemetry: TelemetryStore }) {
  const { t } = useTranslation();
  const { connected, since, attempt } = telemetry.connection;
  if (connected || telemetry.clock.now - since <= BANNER_AFTER_MS) return null;
  const dataAt = telemetry.lastDataAt;
  const text = dataAt === null ? t('kioskRuntime.connection.lostNoData', { attempt }) : t('kioskRuntime.connection.lost', { time: clockTime(dataAt), attempt });
  return (
    <div
      data-testid="connection-banner"
      role="status"
      style={{
        position: 'fixed',
        left: '50%',
        top: '1.2vh',
        transform: 'translateX(-50%)',
        zIndex: 1000,
        padding: '0.5em 1.2em',
        borderRadius: 6,
        background: 'rgba(120, 40, 0, 0.88)',
        color: '#ffe7ba',
        font: `500 clamp(13px, 1vw, 36px) system-ui, -apple-system, 'Segoe UI', sans-serif`,
        boxShadow: '0 2px 12px rgba(0,0,0,0.5)',
        pointerEvents: 'none',
        whiteSpace: 'nowrap',
      }}
    >
      {text}
    </div>
  );
});
