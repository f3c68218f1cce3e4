import { theme, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoreContext';
import styles from './Navbar.module.css';

/** The dropdown's panel: who is signed in above the actions. */
export const UserCard = observer(function UserCard({ menu }: { menu: ReactNode }) {
  const { session } = useStores();
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const flatMenu = isValidElement(menu) ? cloneElement(menu as ReactElement<{ style?: object }>, { style: { boxShadow: 'none' } }) : menu;
  return (
    <div className={styles.userCard} style={{ background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary }}>
      <div className={styles.userInfo} data-testid="user-menu-info">
        <Typography.Text strong data-testid="user-menu-true-name">
          {session.trueName}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="user-menu-username">
          {t('userMenu.account')}: {session.name}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="user-menu-email">
          {t('userMenu.email')}: {session.email}
        </Typography.Text>
      </div>
      {flatMenu}
    </div>
  );
});
