import { Menu, type MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { menuLink, type MenuNode } from '@shared/permissions/permittedRoutes';
import { useStores } from '../../stores/StoreContext';
import { menuTrail } from '../menuTrail';
import { MenuIcon } from './menuIcons';
import { MenuTitle } from './MenuTitle';

type MenuItem = Required<MenuProps>['items'][number];

const visible = (nodes: readonly MenuNode[]) => nodes.filter((node) => !node.entry.hidden);

/** A group with visible children is a submenu; anything else is one link. */
function toItem({ entry, children }: MenuNode): MenuItem {
  const { fullpath, title } = entry;
  const icon = entry.icon ? <MenuIcon name={entry.icon} /> : undefined;
  const shown = visible(children);
  if (shown.length === 0) {
    const label = (
      <Link to={menuLink(fullpath)} data-testid={`menu-${fullpath}`}>
        <MenuTitle fullpath={fullpath} titleKey={title} />
      </Link>
    );
    return { key: fullpath, icon, label };
  }
  // Not a bare <span>: antd wraps other labels in its title element, which hides them when collapsed.
  const label = <MenuTitle fullpath={fullpath} titleKey={title} testId={`menu-${fullpath}`} />;
  return { key: fullpath, icon, label, children: shown.map(toItem) };
}

/** The permitted menu tree; the entry of the current address is selected and its group open. */
export const SidebarMenu = observer(function SidebarMenu({ collapsed }: { collapsed: boolean }) {
  const { permission } = useStores();
  const { pathname } = useLocation();
  const tree = permission.tree;
  const items = useMemo(() => visible(tree).map(toItem), [tree]);
  const trail = useMemo(() => menuTrail(tree, pathname), [tree, pathname]);
  const selected = trail.at(-1)?.entry.fullpath;
  const group = trail.length > 1 ? trail[0]?.entry.fullpath : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(group ? [group] : []);

  // Arriving somewhere (a link, a tag, the address bar) opens that entry's group.
  useEffect(() => {
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }, [group]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={selected ? [selected] : []}
      // Collapsed, the groups are pop-ups that open on hover: leave them to the menu.
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
    />
  );
});
