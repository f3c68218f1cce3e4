import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoreContext';
import { ChannelSettingsController } from './ChannelSettingsController';
import { TEMPLATE_READERS } from './menus';
import { usePushesApi } from './usePushesApi';

/** The channel settings of one screen, loaded once it mounts. */
export function useChannelSettings(): ChannelSettingsController {
  const api = usePushesApi();
  const { t } = useTranslation();
  const root = useStores();
  const [controller] = useState(
    () =>
      new ChannelSettingsController(
        api,
        t,
        TEMPLATE_READERS.some((path) => root.permission.hasRoute(path)),
      ),
  );
  useEffect(() => void controller.load(), [controller]);
  return controller;
}
