import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { VisitedView } from '@shared/stores/tagsViewStore';
import styles from './TagsView.module.css';

interface TagItemProps {
  view: VisitedView;
  active: boolean;
  onClose: () => void;
  onContextMenu: (x: number, y: number) => void;
}

/** One tag: a link to the view, and a close button unless the view is pinned (affix). */
export function TagItem({ view, active, onClose, onContextMenu }: TagItemProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLSpanElement>(null);
  const title = t(view.title);

  useEffect(() => {
    if (active) ref.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const classes = [styles.tag, active && styles.active, !view.affix && styles.closable].filter(Boolean).join(' ');
  return (
    <span
      ref={ref}
      className={classes}
      data-testid={`tag-${view.path}`}
      data-active={active || undefined}
      onContextMenu={(event) => {
        event.preventDefault();
        onContextMenu(event.clientX, event.clientY);
      }}
      onAuxClick={(event) => {
        // Middle click closes, as in a browser's own tab strip.
        if (event.button !== 1 || view.affix) return;
        event.preventDefault();
        onClose();
      }}
    >
      <Link to={view.fullPath} className={styles.link} aria-current={active ? 'page' : undefined}>
        {title}
      </Link>
      {!view.affix && (
        <button type="button" className={styles.close} aria-label={t('tags.closeTag', { title })} data-testid={`tag-close-${view.path}`} onClick={onClose}>
          <CloseOutlined />
        </button>
      )}
    </span>
  );
}
