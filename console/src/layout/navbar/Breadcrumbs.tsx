import { Breadcrumb } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useStores } from '../../stores/StoreContext';
import { menuTrail } from '../menuTrail';

const HOME = { fullpath: '/dashboard', title: 'route.dashboard' };

/** Dashboard first, then the group and the entry the address opens (spec §2 navbar). */
export const Breadcrumbs = observer(function Breadcrumbs({ className }: { className?: string }) {
  const { permission } = useStores();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const trail = useMemo(() => menuTrail(permission.tree, pathname), [permission.tree, pathname]);

  const crumbs = [HOME, ...trail.map((node) => node.entry).filter((entry) => entry.fullpath !== HOME.fullpath)];
  const items = crumbs.map((crumb, index) => {
    const last = index === crumbs.length - 1;
    // Only the dashboard is a link: a group has no page of its own, and the last crumb is here.
    const title = index === 0 && !last ? <Link to={HOME.fullpath}>{t(crumb.title)}</Link> : t(crumb.title);
    return { key: crumb.fullpath, title };
  });

  return (
    <div className={className} data-testid="breadcrumb">
      <Breadcrumb items={items} />
    </div>
  );
});
