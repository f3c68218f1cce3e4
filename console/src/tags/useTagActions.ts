import { useLocation, useNavigate } from 'react-router-dom';
import type { VisitedView } from '@shared/stores/tagsViewStore';
import { refreshPath } from '../routes/RefreshRedirect';
import { useStores } from '../stores/StoreContext';

export interface TagActions {
  open(view: VisitedView): void;
  refresh(view: VisitedView): void;
  close(view: VisitedView): void;
  closeOthers(view: VisitedView): void;
  closeAll(): void;
}

/** The tags bar's actions (spec §2): the store changes, then the address follows. */
export function useTagActions(): TagActions {
  const { tagsView } = useStores();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  /** After the active view closed: the last tag left, else home. */
  const toLastView = (left: readonly VisitedView[]) => {
    navigate(left.at(-1)?.fullPath ?? '/');
  };

  return {
    open: (view) => navigate(view.fullPath),
    refresh: (view) => {
      // Out of the cache, through /redirect and back: the view mounts afresh.
      tagsView.delCachedView(view.path);
      navigate(refreshPath(view.fullPath), { replace: true });
    },
    close: (view) => {
      if (view.affix) return;
      const left = tagsView.delView(view.path);
      if (view.path === pathname) toLastView(left);
    },
    closeOthers: (view) => {
      tagsView.delOthers(view.path);
      if (view.path !== pathname) navigate(view.fullPath);
    },
    closeAll: () => {
      const left = tagsView.delAll();
      if (!left.some((view) => view.path === pathname)) toLastView(left);
    },
  };
}
