import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardElement } from '@shared/board/document';
import { WidgetHost } from '@boards/host/WidgetHost';
import { widgetRegistry } from '@boards/widgets';
import styles from './BoardEditor.module.css';
import type { EditorStore } from './EditorStore';

interface EditorCellProps {
  store: EditorStore;
  elementId: string;
  element: BoardElement;
  width: number;
  height: number;
  scale: number;
}

/**
 * One widget on the editor's canvas: the real renderer with live data (a 3D widget shows its name
 * instead, to keep the editor light), under a pane that takes the pointer, shows the selection and a
 * red outline when the widget has a problem.
 */
export const EditorCell = observer(function EditorCell({ store, elementId, element, width, height, scale }: EditorCellProps) {
  const { t } = useTranslation();
  const { mode, accent } = store.document.theme;
  const theme = useMemo(() => ({ mode, accent }), [mode, accent]);
  const rect = useMemo(() => ({ left: 0, top: 0, width, height }), [width, height]);
  const descriptor = widgetRegistry.get(element.type);
  const name = descriptor ? t(descriptor.nameKey, { defaultValue: descriptor.id }) : element.type;
  const selected = store.selectedId === elementId;
  const invalid = store.erroneousIds.has(elementId);
  const className = [styles.cellPane, selected ? styles.cellSelected : '', invalid ? styles.cellInvalid : ''].join(' ');

  return (
    <>
      {descriptor?.heavy ? (
        <div
          className={styles.heavyTile}
          style={{
            background: mode === 'dark' ? 'rgba(255,255,255,0.05)' : 'rgba(0,0,0,0.05)',
            color: mode === 'dark' ? '#d6e4ff' : '#1b2a41',
            boxShadow: `inset 0 0 0 1px ${accent}55`,
          }}
          data-testid="editor-heavy-tile"
        >
          <strong>{element.title || name}</strong>
          <span style={{ opacity: 0.7, fontSize: 12 }}>{t('boardEditor.canvas.heavyPlaceholder', { name })}</span>
        </div>
      ) : (
        <WidgetHost elementId={elementId} element={element} rect={rect} scale={scale} theme={theme} />
      )}
      <div
        className={className}
        onMouseDown={() => store.select(elementId)}
        data-selected={selected}
        data-invalid={invalid}
        data-testid={`editor-tile-pane-${elementId}`}
      >
        <span className={styles.cellBadge}>{element.title ? `${name} · ${element.title}` : name}</span>
      </div>
    </>
  );
});
