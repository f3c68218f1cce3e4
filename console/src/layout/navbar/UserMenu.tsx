import { DownOutlined, EditOutlined, LogoutOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../routes/redirectTarget';
import { useStores } from '../../stores/StoreContext';
import { AccountDialog } from './AccountDialog';
import styles from './Navbar.module.css';
import { UserCard } from './UserCard';

/** Spec §2: the user dropdown (name, account, e-mail; account edit and log out). */
export const UserMenu = observer(function UserMenu() {
  const { session, app } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const displayName = session.trueName || session.name;

  const logOut = async () => {
    await session.logout();
    navigate(LOGIN_PATH, { replace: true });
  };

  const items: MenuProps['items'] = [
    { key: 'account', icon: <EditOutlined />, label: <span data-testid="user-menu-account">{t('userMenu.editAccount')}</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="user-menu-logout">{t('userMenu.logout')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'account') setEditing(true);
    if (key === 'logout') void logOut();
  };

  return (
    <>
      <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick }} popupRender={(menu) => <UserCard menu={menu} />}>
        <Button type="text" className={styles.userTrigger} data-testid="user-menu">
          <Avatar size="small" src={session.avatar || undefined} className={styles.avatar}>
            {displayName.slice(0, 1).toUpperCase()}
          </Avatar>
          {!app.isMobile && (
            <span className={styles.userName} data-testid="user-menu-name">
              {displayName}
            </span>
          )}
          <DownOutlined className={styles.caret} />
        </Button>
      </Dropdown>
      <AccountDialog open={editing} onClose={() => setEditing(false)} />
    </>
  );
});
