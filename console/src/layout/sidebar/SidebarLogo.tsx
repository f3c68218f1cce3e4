import { ThunderboltFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './Sidebar.module.css';

/** The product name at the top of the sidebar (settings: sidebarLogo); the icon alone when collapsed. */
export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/dashboard" className={styles.logo} data-testid="sidebar-logo" title={t('app.consoleTitle')}>
      <ThunderboltFilled className={styles.logoIcon} />
      {!collapsed && <span>{t('app.consoleTitle')}</span>}
    </Link>
  );
}
