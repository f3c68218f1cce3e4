import { Badge } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { TelemetryStore } from '@boards/runtime/telemetryStore';

/** Live while the socket is up, "connecting" (with the attempt) while it is not. */
export const ConnectionState = observer(function ConnectionState({ telemetry }: { telemetry: TelemetryStore | null }) {
  const { t } = useTranslation();
  const connected = telemetry?.connection.connected ?? false;
  const attempt = telemetry?.connection.attempt ?? 0;
  return (
    <Badge
      status={connected ? 'success' : 'processing'}
      text={connected ? t('sprites.view.live') : attempt > 0 ? t('sprites.view.reconnecting', { attempt }) : t('sprites.view.connecting')}
      data-testid="sprite-connection"
      data-connected={connected}
    />
  );
});
