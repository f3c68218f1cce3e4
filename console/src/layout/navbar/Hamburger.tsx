import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoreContext';

export const Hamburger = observer(function Hamburger() {
  const { app } = useStores();
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      data-testid="sidebar-toggle"
      aria-label={t('navbar.toggleSidebar')}
      aria-expanded={app.sidebar.opened}
      icon={app.sidebar.opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      onClick={() => app.toggleSidebar()}
    />
  );
});
