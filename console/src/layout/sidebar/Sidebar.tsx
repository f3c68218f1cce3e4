import { Layout } from 'antd';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/StoreContext';
import styles from './Sidebar.module.css';
import { SidebarLogo } from './SidebarLogo';
import { SidebarMenu } from './SidebarMenu';

/** Spec §2/§9: 210 px open; collapsed to icons on a desktop, out of sight in mobile mode. */
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 54;

export const Sidebar = observer(function Sidebar() {
  const { app, settings } = useStores();
  const collapsed = !app.sidebar.opened;
  const className = [styles.sider, app.isMobile ? styles.overlay : ''].filter(Boolean).join(' ');
  return (
    <Layout.Sider
      data-testid="sidebar"
      data-opened={String(app.sidebar.opened)}
      className={className}
      theme="dark"
      trigger={null}
      collapsible
      collapsed={collapsed}
      width={SIDEBAR_WIDTH}
      collapsedWidth={app.isMobile ? 0 : SIDEBAR_COLLAPSED_WIDTH}
    >
      {settings.sidebarLogo && <SidebarLogo collapsed={collapsed} />}
      <SidebarMenu collapsed={collapsed} />
    </Layout.Sider>
  );
});
