import { theme } from 'antd';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { VisitedView } from '@shared/stores/tagsViewStore';
import styles from './TagsView.module.css';
import type { TagActions } from './useTagActions';

/** Spec §9: the context menu is 105 px wide. */
export const CONTEXT_MENU_WIDTH = 105;

interface TagsContextMenuProps {
  view: VisitedView;
  x: number;
  y: number;
  actions: TagActions;
  onClose: () => void;
}

/** Right-click menu of a tag: refresh, close (not for pinned tags), close others, close all. */
export function TagsContextMenu({ view, x, y, actions, onClose }: TagsContextMenuProps) {
  const { t } = useTranslation();
  // Portalled to <body>, outside antd's scope: take the font from the theme.
  const { token } = theme.useToken();

  useEffect(() => {
    const close = () => onClose();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    // Any press elsewhere, a scroll or a resize dismisses it, as a native menu would.
    window.addEventListener('mousedown', close);
    window.addEventListener('resize', close);
    window.addEventListener('blur', close);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('mousedown', close);
      window.removeEventListener('resize', close);
      window.removeEventListener('blur', close);
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  const items = [
    { id: 'refresh', label: t('tags.refresh'), run: () => actions.refresh(view) },
    ...(view.affix ? [] : [{ id: 'close', label: t('tags.close'), run: () => actions.close(view) }]),
    { id: 'close-others', label: t('tags.closeOthers'), run: () => actions.closeOthers(view) },
    { id: 'close-all', label: t('tags.closeAll'), run: () => actions.closeAll() },
  ];
  const left = Math.max(0, Math.min(x, window.innerWidth - CONTEXT_MENU_WIDTH - 4));

  return createPortal(
    <ul
      role="menu"
      className={styles.contextMenu}
      style={{ left, top: y, width: CONTEXT_MENU_WIDTH, fontFamily: token.fontFamily }}
      data-testid="tags-context-menu"
      onMouseDown={(event) => event.stopPropagation()}
    >
      {items.map((item) => (
        <li
          key={item.id}
          role="menuitem"
          tabIndex={-1}
          data-testid={`tags-menu-${item.id}`}
          onClick={() => {
            onClose();
            item.run();
          }}
        >
          {item.label}
        </li>
      ))}
    </ul>,
    document.body,
  );
}
