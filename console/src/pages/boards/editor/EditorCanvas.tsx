import { observer } from 'mobx-react-lite';
import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';
import ReactGridLayout, { noCompactor, type Layout, type LayoutItem } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { useTranslation } from 'react-i18next';
import { MAX_GRID_ROWS } from '@shared/board/document';
import styles from './BoardEditor.module.css';
import { EditorCell } from './EditorCell';
import { cellSize, editorGridMetrics, type EditorZoom } from './editorGrid';
import type { EditorStore } from './EditorStore';
import { useElementSize } from '../../../layout/useElementSize';

const toBoxes = (layout: Layout) => layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));

const DROP_CONFIG = { enabled: true };

/** The stage's padding on each side (BoardEditor.module.css .stage). */
const STAGE_PADDING = 16;

/**
 * The board at the editor's scale: react-grid-layout at the board's columns, row height and gap (all
 * scaled so the design width fits the stage), the theme's background, and each cell the real widget.
 * A finished drag or resize is one undo step; nothing is stored while the pointer moves.
 */
interface EditorCanvasProps {
  store: EditorStore;
  zoom: EditorZoom;
  /** The palette widget being dragged, if any (the drop target asks it for the size). */
  draggedType(): string | null;
}

export const EditorCanvas = observer(function EditorCanvas({ store, zoom, draggedType }: EditorCanvasProps) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const { width: stageWidth } = useElementSize(stage);
  const { document } = store;
  const { canvas, theme } = document;
  const grid = document.layout.spec;
  const metrics = editorGridMetrics(document, Math.max(0, stageWidth - 2 * STAGE_PADDING), zoom);
  // The cell being resized follows the pointer live, before the resize is stored.
  const [live, setLive] = useState<{ i: string; w: number; h: number } | null>(null);

  const layout = useMemo<LayoutItem[]>(() => grid.items.map(({ element, x, y, w, h }) => ({ i: element, x, y, w, h })), [grid.items]);
  const gridConfig = useMemo(
    () => ({
      cols: grid.cols,
      rowHeight: metrics.rowHeight,
      margin: [metrics.gap, metrics.gap] as [number, number],
      containerPadding: [metrics.gap, metrics.gap] as [number, number],
      maxRows: MAX_GRID_ROWS,
    }),
    [grid.cols, metrics.rowHeight, metrics.gap],
  );
  const onStop = useCallback(
    (next: Layout) => {
      setLive(null);
      store.applyLayout(toBoxes(next));
    },
    [store],
  );
  const onResize = useCallback((_: Layout, __: LayoutItem | null, item: LayoutItem | null) => {
    if (item)
      setLive((previous) => (previous?.i === item.i && previous.w === item.w && previous.h === item.h ? previous : { i: item.i, w: item.w, h: item.h }));
  }, []);
  // A palette widget dragged over the grid shows where it lands at its own size; dropping adds it there.
  const onDropDragOver = useCallback(() => {
    const type = draggedType();
    return (type && store.sizeFor(type)) || false;
  }, [store, draggedType]);
  const onDrop = useCallback(
    (next: Layout, item: LayoutItem | undefined) => {
      const type = draggedType();
      if (type && item) store.addWidget(type, { x: item.x, y: item.y }, toBoxes(next.filter((placed) => placed.i !== item.i)));
    },
    [store, draggedType],
  );
  const deselect = (event: MouseEvent) => {
    if (!(event.target as HTMLElement).closest('.react-grid-item')) store.select(null);
  };

  const image = theme.backgroundImage ? `url("${theme.backgroundImage.replace(/["\\\n]/g, '')}") center / cover no-repeat` : undefined;
  const bottom = grid.items.reduce((max, item) => Math.max(max, item.y + item.h), 0);
  const contentHeight = bottom === 0 ? 0 : Math.round(metrics.gap + bottom * (metrics.rowHeight + metrics.gap));
  const lightTheme = theme.mode === 'light';

  return (
    <div ref={stage} className={styles.stage} onMouseDown={deselect} data-testid="editor-canvas" data-scale={metrics.scale.toFixed(3)}>
      {stageWidth > 0 && (
        <div
          className={styles.board}
          style={{ width: metrics.width, minHeight: Math.max(metrics.height, contentHeight), background: theme.background }}
          data-testid="editor-board"
        >
          {image && (
            <div style={{ position: 'absolute', left: 0, top: 0, width: metrics.width, height: metrics.height, background: image, pointerEvents: 'none' }} />
          )}
          {grid.items.length === 0 && <div className={`${styles.emptyHint} ${lightTheme ? styles.emptyHintLight : ''}`}>{t('boardEditor.canvas.empty')}</div>}
          <ReactGridLayout
            width={metrics.width}
            layout={layout}
            gridConfig={gridConfig}
            compactor={noCompactor}
            dragConfig={{ enabled: true, threshold: 4 }}
            resizeConfig={{ enabled: true, handles: ['se', 'e', 's'] }}
            dropConfig={DROP_CONFIG}
            onDropDragOver={onDropDragOver}
            onDrop={onDrop}
            onDragStop={onStop}
            onResize={onResize}
            onResizeStop={onStop}
            style={{ minHeight: metrics.height }}
          >
            {grid.items.map((item) => {
              const element = document.elements[item.element];
              const sized = live?.i === item.element ? live : item;
              const size = cellSize(metrics, sized.w, sized.h);
              return (
                <div key={item.element} className={styles.cell} data-testid={`editor-tile-${item.element}`}>
                  {element && (
                    <EditorCell store={store} elementId={item.element} element={element} width={size.width} height={size.height} scale={metrics.scale} />
                  )}
                </div>
              );
            })}
          </ReactGridLayout>
          {contentHeight > metrics.height + 1 && canvas.scaleMode !== 'fit-width' && (
            <div className={styles.screenBottom} style={{ top: metrics.height }}>
              <span className={styles.screenBottomLabel}>{t('boardEditor.canvas.screenBottom', { height: canvas.designHeight })}</span>
            </div>
          )}
        </div>
      )}
    </div>
  );
});
