import type { CSSProperties, ReactNode } from 'react';
import type { BoardTheme } from '@shared/board/document';

export interface TileRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Title bar height in design pixels; scaled with the board. */
export const TITLE_BAR_DESIGN_PX = 32;

export function titleBarHeight(title: string, scale: number): number {
  return title ? Math.round(TITLE_BAR_DESIGN_PX * scale) : 0;
}

export type TileState = 'loading' | 'live' | 'stale' | 'error';

interface WidgetTileProps {
  elementId: string;
  rect: TileRect;
  scale: number;
  title: string;
  mode: BoardTheme;
  accent: string;
  state: TileState;
  /** The stale label or the small age mark, drawn above the greyed content. */
  overlay?: ReactNode;
  children: ReactNode;
}

/** The frame every widget sits in: absolute position in real pixels, optional title bar, grey when stale. */
export function WidgetTile({ elementId, rect, scale, title, mode, accent, state, overlay, children }: WidgetTileProps) {
  const titleHeight = titleBarHeight(title, scale);
  const frame: CSSProperties = {
    position: 'absolute',
    left: rect.left,
    top: rect.top,
    width: rect.width,
    height: rect.height,
    boxSizing: 'border-box',
    overflow: 'hidden',
    borderRadius: Math.max(2, Math.round(6 * scale)),
    background: mode === 'dark' ? 'rgba(255,255,255,0.04)' : 'rgba(0,0,0,0.04)',
    boxShadow: `inset 0 0 0 1px ${accent}33`,
    color: mode === 'dark' ? '#d6e4ff' : '#1b2a41',
    contain: 'strict',
  };
  // Only the content greys out: the "Last update" label must stay readable.
  const content: CSSProperties = state === 'stale' ? { filter: 'grayscale(1)', opacity: 0.45 } : {};
  return (
    <div data-testid={`widget-${elementId}`} data-state={state} style={frame}>
      <div style={content}>
        {title ? (
          <div
            data-testid="widget-title"
            style={{
              height: titleHeight,
              lineHeight: `${titleHeight}px`,
              // Room at the right for the data-age mark the host draws over the title bar.
              padding: `0 ${Math.round(78 * scale)}px 0 ${Math.round(10 * scale)}px`,
              fontSize: Math.max(8, Math.round(15 * scale)),
              fontWeight: 600,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              borderBottom: `1px solid ${accent}33`,
            }}
          >
            {title}
          </div>
        ) : null}
        <div style={{ position: 'relative', width: rect.width, height: Math.max(0, rect.height - titleHeight) }}>{children}</div>
      </div>
      {overlay}
    </div>
  );
}

export function ErrorTileBody({ lines, scale }: { lines: string[]; scale: number }) {
  return (
    <div
      data-testid="widget-error"
      style={{
        position: 'absolute',
        inset: 0,
        padding: Math.round(10 * scale),
        color: '#ff7875',
        fontSize: Math.max(8, Math.round(13 * scale)),
        overflow: 'hidden',
      }}
    >
      {lines.map((line, index) => (
        <div key={index}>{line}</div>
      ))}
    </div>
  );
}
