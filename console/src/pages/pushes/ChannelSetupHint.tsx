import { Alert, Flex } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PushChannel, PushChannelSettings } from '@shared/schemas/pushes';
import { useStores } from '../../stores/StoreContext';
import { PUSH_MENUS } from './menus';
import { usePushesApi } from './usePushesApi';

/** Where each channel is set up, and the route titles that name it. */
const CHANNEL_SCREENS: Record<PushChannel, { path: string; title: string }> = {
  email: { path: PUSH_MENUS.email, title: 'route.verify' },
  sms: { path: PUSH_MENUS.sms, title: 'route.pushsms' },
  wechat: { path: PUSH_MENUS.wechat, title: 'route.pushwx' },
};

/**
 * The channel settings when the caller may read them (the channel screens' roles), else null: the hint
 * then says nothing rather than guess. Loaded once per mount, quietly (no toast when refused).
 */
export function useChannelReadiness(): PushChannelSettings | null {
  const root = useStores();
  const api = usePushesApi();
  const [settings, setSettings] = useState<PushChannelSettings | null>(null);
  const readable = Object.values(CHANNEL_SCREENS).some((screen) => root.permission.hasRoute(screen.path));
  useEffect(() => {
    if (!readable) return;
    let live = true;
    api.channels().then(
      (loaded) => live && setSettings(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, readable]);
  return settings;
}

/**
 * Beside push tasks (the list and the task dialog): a channel never set up or switched off pushes nothing,
 * so a task on it says where to set it (the demo's e-mail task waits for an SMTP server this way).
 */
export function ChannelSetupHint({ channels, settings }: { channels: readonly PushChannel[]; settings: PushChannelSettings | null }) {
  const { t } = useTranslation();
  const root = useStores();
  if (!settings) return null;
  const unready = [...new Set(channels)].filter((channel) => !settings[channel]?.enabled);
  if (unready.length === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      {unready.map((channel) => {
        const screen = CHANNEL_SCREENS[channel];
        const where = `${t('route.msg')} › ${t(screen.title)}`;
        return (
          <Alert
            key={channel}
            type="warning"
            showIcon
            data-testid={`channel-hint-${channel}`}
            message={t(`pushes.tasks.channelNotReady.${channel}`, { where })}
            action={root.permission.hasRoute(screen.path) ? <Link to={screen.path}>{t('pushes.tasks.openChannelSettings')}</Link> : undefined}
          />
        );
      })}
    </Flex>
  );
}
