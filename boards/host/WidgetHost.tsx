import { computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardElement, BoardTheme } from '@shared/board/document';
import { noteWidgetMounted, useHostEnvironment, type HostTelemetry } from './hostContext';
import { rendererFor, forgetFailedRenderer } from './rendererCache';
import { resolveElement, type ResolvedElement } from './resolveElement';
import { clockTime, dataState, DEFAULT_STALE_AFTER_MS } from './staleness';
import { ErrorTileBody, titleBarHeight, WidgetTile, type TileRect } from './WidgetTile';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';

export const WIDGET_RETRY_MS = 30_000;

export interface WidgetHostProps {
  elementId: string;
  element: BoardElement;
  rect: TileRect;
  /** Screen pixels per design pixel for text (min of the two axes). */
  scale: number;
  theme: { mode: BoardTheme; accent: string };
}

/**
 * One grid item: looks its type up in the registry, migrates and checks its options, loads the renderer
 * lazily, watches its channels while mounted and judges staleness. Memoised, and each part observes only
 * its own data, so a delta re-renders the widgets that read it and never the board.
 */
export const WidgetHost = memo(function WidgetHost(props: WidgetHostProps) {
  const { registry } = useHostEnvironment();
  const { t } = useTranslation();
  const resolved = useMemo(() => resolveElement(registry, props.element), [registry, props.element]);
  useEffect(() => noteWidgetMounted(), []);

  if (resolved.kind === 'ready') return <LiveWidget {...props} resolved={resolved} />;
  const lines =
    resolved.kind === 'unknown'
      ? [t('kioskRuntime.widget.unknownType', { type: resolved.type })]
      : [t('kioskRuntime.widget.invalidOptions', { name: t(resolved.descriptor.nameKey, { defaultValue: resolved.descriptor.id }) }), ...resolved.issues];
  return (
    <WidgetTile
      elementId={props.elementId}
      rect={props.rect}
      scale={props.scale}
      title={props.element.title}
      mode={props.theme.mode}
      accent={props.theme.accent}
      state="error"
    >
      <ErrorTileBody lines={lines} scale={props.scale} />
    </WidgetTile>
  );
});

type Ready = Extract<ResolvedElement, { kind: 'ready' }>;

const LiveWidget = observer(function LiveWidget({ elementId, element, rect, scale, theme, resolved }: WidgetHostProps & { resolved: Ready }) {
  const { telemetry, retryAfterMs = WIDGET_RETRY_MS } = useHostEnvironment();
  const { t } = useTranslation();
  const { descriptor, options, channels } = resolved;
  const channelsKey = channels.join('|');
  const staleAfterMs = descriptor.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const [failed, setFailed] = useState(false);

  useEffect(() => telemetry.watch(channels), [telemetry, channelsKey]); // eslint-disable-line react-hooks/exhaustive-deps -- channelsKey stands for channels, a new array on each render with the same names
  // A string computed: the tile re-renders when loading/live/stale flips, not on every delta.
  const dataStatus = useMemo(
    () =>
      computed(
        () =>
          dataState({
            timestamps: channels.map((channel) => telemetry.read(channel)?.ts),
            connected: telemetry.connection.connected,
            connectedSince: telemetry.connection.since,
            now: telemetry.clock.now,
            staleAfterMs,
          }).state,
      ),
    [telemetry, channelsKey, staleAfterMs], // eslint-disable-line react-hooks/exhaustive-deps -- channelsKey stands for channels (see above)
  );
  const renderer = rendererFor(descriptor);
  const onError = useCallback(() => setFailed(true), []);
  const onRetry = useCallback(() => {
    forgetFailedRenderer(descriptor);
    setFailed(false);
  }, [descriptor]);

  const data = dataStatus.get();
  const state = failed ? 'error' : renderer.status.get() === 'loading' ? 'loading' : data;
  const bodyHeight = Math.max(0, rect.height - titleBarHeight(element.title, scale));
  const stale = data === 'stale';
  const Renderer = renderer.Component;
  const name = t(descriptor.nameKey, { defaultValue: descriptor.id });

  return (
    <WidgetTile
      elementId={elementId}
      rect={rect}
      scale={scale}
      title={element.title}
      mode={theme.mode}
      accent={theme.accent}
      state={state}
      overlay={
        failed ? null : <DataAge telemetry={telemetry} channels={channels} stale={stale} scale={scale} titleHeight={titleBarHeight(element.title, scale)} />
      }
    >
      <WidgetErrorBoundary
        retryAfterMs={retryAfterMs}
        onError={onError}
        onRetry={onRetry}
        fallback={(error) => <ErrorTileBody lines={[t('kioskRuntime.widget.failed', { name }), error.message]} scale={scale} />}
      >
        <Suspense fallback={null}>
          <Renderer
            options={options}
            binding={element.binding}
            title={element.title}
            width={rect.width}
            height={bodyHeight}
            scale={scale}
            theme={theme}
            channels={channels}
            stale={stale}
          />
        </Suspense>
      </WidgetErrorBoundary>
    </WidgetTile>
  );
});

/**
 * The only part that re-renders on each delta: the stale label, or a faint time of the newest data. It sits
 * at the right of the title bar (or the tile's top-right corner without one), never over a chart's axis.
 */
const DataAge = observer(function DataAge({
  telemetry,
  channels,
  stale,
  scale,
  titleHeight,
}: {
  telemetry: HostTelemetry;
  channels: readonly string[];
  stale: boolean;
  scale: number;
  titleHeight: number;
}) {
  const { t } = useTranslation();
  if (channels.length === 0) return null;
  let newest: number | null = null;
  for (const channel of channels) {
    const ts = telemetry.read(channel)?.ts;
    if (ts !== undefined) newest = Math.max(newest ?? ts, ts);
  }
  const fontSize = Math.max(8, Math.round(11 * scale));
  const corner =
    titleHeight > 0
      ? ({
          position: 'absolute',
          right: Math.round(8 * scale),
          top: Math.round((titleHeight - fontSize * 1.6) / 2),
          lineHeight: `${Math.round(fontSize * 1.2)}px`,
          fontSize,
          pointerEvents: 'none',
        } as const)
      : ({ position: 'absolute', right: Math.round(6 * scale), top: Math.round(3 * scale), fontSize, pointerEvents: 'none' } as const);
  if (stale) {
    return (
      <div
        data-testid="widget-stale"
        style={{
          ...corner,
          padding: `${Math.round(2 * scale)}px ${Math.round(6 * scale)}px`,
          borderRadius: 4,
          background: 'rgba(0,0,0,0.55)',
          color: '#ffd591',
        }}
      >
        {newest === null ? t('kioskRuntime.widget.noData') : t('kioskRuntime.widget.lastUpdate', { time: clockTime(newest) })}
      </div>
    );
  }
  if (newest === null) return null;
  return (
    <div data-testid="widget-age" style={{ ...corner, opacity: 0.3 }}>
      {clockTime(newest)}
    </div>
  );
});
