import { Drawer, Switch, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { SettingSwitch } from '@shared/stores/settingsStore';
import { useStores } from '../../stores/StoreContext';
import styles from './SettingsDrawer.module.css';
import { ThemeSwatches } from './ThemeSwatches';

const SWITCHES: readonly SettingSwitch[] = ['tagsView', 'fixedHeader', 'sidebarLogo'];

/** Spec §2 settings drawer: theme colour and the layout switches, saved as they change. */
export const SettingsDrawer = observer(function SettingsDrawer() {
  const { settings } = useStores();
  const { t } = useTranslation();
  return (
    <Drawer open={settings.showSettings} onClose={() => settings.setShowSettings(false)} title={t('settingsDrawer.title')} size={300} placement="right">
      <div data-testid="settings-drawer">
        <div className={styles.section}>
          <Typography.Text strong>{t('settingsDrawer.themeColor')}</Typography.Text>
          <ThemeSwatches />
        </div>
        {SWITCHES.map((name) => (
          <label key={name} className={styles.row}>
            <span>{t(`settingsDrawer.${name}`)}</span>
            <Switch data-testid={`setting-${name}`} checked={settings[name]} onChange={(on) => settings.setSwitch(name, on)} />
          </label>
        ))}
      </div>
    </Drawer>
  );
});
