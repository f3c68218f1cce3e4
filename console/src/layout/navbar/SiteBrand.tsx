import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { siteName, useSiteStore } from '../../session/siteStore';
import styles from './SiteBrand.module.css';

/** The site's logo and name in the navbar (/settings/superConfig); the product name when the site has none. */
export const SiteBrand = observer(function SiteBrand({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { site } = useSiteStore();
  const name = siteName(t, site);
  return (
    <span className={`${styles.brand} ${className ?? ''}`} data-testid="site-brand" title={name}>
      {site.logoUrl && <img className={styles.logo} src={site.logoUrl} alt="" data-testid="site-brand-logo" />}
      <span className={styles.name} data-testid="site-brand-name">
        {name}
      </span>
    </span>
  );
});

/** The site's logo on the login page, above its title; nothing when the site has none. */
export const SiteLogo = observer(function SiteLogo({ className }: { className?: string }) {
  const { site } = useSiteStore();
  if (!site.logoUrl) return null;
  return <img className={`${styles.loginLogo} ${className ?? ''}`} src={site.logoUrl} alt="" data-testid="login-logo" />;
});
