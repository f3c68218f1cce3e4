import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../i18n/LanguageSelect';
import { useStores } from '../../stores/StoreContext';
import { AlarmBell } from '../annunciation/AlarmBell';
import { HelpButton } from '../../pages/inquiry/HelpButton';
import { Breadcrumbs } from './Breadcrumbs';
import { ChartIcon } from './ChartIcon';
import { ErrorLogButton } from './ErrorLogButton';
import { FullscreenButton } from './FullscreenButton';
import { Hamburger } from './Hamburger';
import { SiteBrand } from './SiteBrand';
import styles from './Navbar.module.css';
import { SizeSelect } from './SizeSelect';
import { UserMenu } from './UserMenu';

/** Spec §2 navbar. The full-screen toggle and size select need room: desktop only. */
export const Navbar = observer(function Navbar() {
  const { app, settings } = useStores();
  const { t } = useTranslation();
  return (
    <div className={styles.navbar} data-testid="navbar">
      <Hamburger />
      <SiteBrand />
      <Breadcrumbs className={styles.breadcrumb} />
      <div className={styles.actions}>
        <AlarmBell />
        <HelpButton />
        <ErrorLogButton />
        {!app.isMobile && <FullscreenButton />}
        <LanguageSelect data-testid="navbar-language" className={styles.select} />
        {!app.isMobile && <SizeSelect className={styles.select} />}
        <ChartIcon />
        <Tooltip title={t('navbar.settings')}>
          <Button
            type="text"
            data-testid="settings-button"
            aria-label={t('navbar.settings')}
            icon={<SettingOutlined />}
            onClick={() => settings.setShowSettings(true)}
          />
        </Tooltip>
        <UserMenu />
      </div>
    </div>
  );
});
