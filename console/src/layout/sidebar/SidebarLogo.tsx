import { ThunderboltFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { siteName, useSite } from '../../session/siteStore';
import styles from './Sidebar.module.css';

/** The site's name and logo (/settings/superConfig; else the product's) at the top of the sidebar (settings: sidebarLogo); the icon alone when collapsed. */
export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const site = useSite();
  const name = siteName(t, site);
  return (
    <Link to="/dashboard" className={styles.logo} data-testid="sidebar-logo" title={name}>
      {site.logoUrl ? (
        <img src={site.logoUrl} alt="" style={{ height: 20, maxWidth: 48, objectFit: 'contain', flex: 'none' }} />
      ) : (
        <ThunderboltFilled className={styles.logoIcon} />
      )}
      {!collapsed && <span>{name}</span>}
    </Link>
  );
}
