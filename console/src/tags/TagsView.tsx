import { theme } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useState, type CSSProperties, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { VisitedView } from '@shared/stores/tagsViewStore';
import { useStores } from '../stores/StoreContext';
import { TagItem } from './TagItem';
import { TagsContextMenu } from './TagsContextMenu';
import styles from './TagsView.module.css';
import { useTagActions } from './useTagActions';

interface OpenMenu {
  view: VisitedView;
  x: number;
  y: number;
}

/** The tags bar of visited views (spec §2 layout): click to open, right-click for the menu. */
export const TagsView = observer(function TagsView() {
  const { tagsView } = useStores();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const actions = useTagActions();
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  // A mouse wheel scrolls the row sideways when there are more tags than room.
  const scrollSideways = (event: WheelEvent<HTMLDivElement>) => {
    event.currentTarget.scrollLeft += event.deltaY;
  };

  return (
    <nav className={styles.bar} aria-label={t('tags.label')} data-testid="tags-view" style={{ '--tags-active': token.colorPrimary } as CSSProperties}>
      <div className={styles.scroller} onWheel={scrollSideways}>
        {tagsView.visitedViews.map((view) => (
          <TagItem
            key={view.path}
            view={view}
            active={view.path === pathname}
            onClose={() => actions.close(view)}
            onContextMenu={(x, y) => setMenu({ view, x, y })}
          />
        ))}
      </div>
      {menu && <TagsContextMenu {...menu} actions={actions} onClose={closeMenu} />}
    </nav>
  );
});
