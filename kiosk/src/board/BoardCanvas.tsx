import { useEffect, useMemo, useRef } from 'react';
import type { BoardDocument } from '@shared/board/document';
import { WidgetHost } from '@boards/host/WidgetHost';
import { computeBoardGeometry } from '@boards/runtime/boardGeometry';
import { useViewport } from './useViewport';

interface BoardCanvasProps {
  boardId: number;
  revision: number;
  document: BoardDocument;
}

/**
 * The board at the screen's real resolution: every tile gets its rect in CSS pixels from the geometry
 * (no CSS transform, so canvases draw sharp). It re-renders on resize or a new document, never on data.
 */
export function BoardCanvas({ boardId, revision, document: board }: BoardCanvasProps) {
  const root = useRef<HTMLDivElement | null>(null);
  const viewport = useViewport(root);
  const geometry = useMemo(() => computeBoardGeometry(board.canvas, board.layout.spec, viewport), [board, viewport]);
  const theme = useMemo(() => ({ mode: board.theme.mode, accent: board.theme.accent }), [board.theme.mode, board.theme.accent]);

  // The letterbox around a fitted board is the board's own background, up to the page edges.
  useEffect(() => {
    const previous = window.document.body.style.background;
    window.document.body.style.background = board.theme.background;
    return () => {
      window.document.body.style.background = previous;
    };
  }, [board.theme.background]);

  const image = board.theme.backgroundImage ? `url("${board.theme.backgroundImage.replace(/["\\\n]/g, '')}") center / cover no-repeat` : undefined;
  return (
    <div
      ref={root}
      data-testid="board"
      data-board-id={boardId}
      data-revision={revision}
      data-scale-mode={board.canvas.scaleMode}
      style={{
        position: 'fixed',
        inset: 0,
        background: board.theme.background,
        overflowX: 'hidden',
        overflowY: geometry.scrolls ? 'auto' : 'hidden',
        ['--board-accent' as string]: board.theme.accent,
        fontFamily: "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif",
      }}
    >
      <div
        data-testid="board-area"
        style={{ position: 'absolute', left: geometry.left, top: geometry.top, width: geometry.width, height: geometry.height, background: image }}
      >
        {geometry.items.map((rect) => {
          const element = board.elements[rect.element];
          if (!element) return null;
          return <WidgetHost key={rect.element} elementId={rect.element} element={element} rect={rect} scale={geometry.scale} theme={theme} />;
        })}
      </div>
    </div>
  );
}
