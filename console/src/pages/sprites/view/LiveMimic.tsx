import { useMemo, useRef } from 'react';
import type { Sprite } from '@shared/schemas/sprites';
import { WidgetHost } from '@boards/host/WidgetHost';
import { WidgetHostProvider } from '@boards/host/hostContext';
import { ChannelReaderProvider } from '@boards/runtime/channelReader';
import type { TelemetryStore } from '@boards/runtime/telemetryStore';
import { widgetRegistry } from '@boards/widgets';
import styles from '../sprites.module.css';
import { mimicElementOfSprite } from './mimicElement';
import { useElementSize } from '../../../layout/useElementSize';

/** The wall's colours, so the preview looks as the mimic will on a board. */
const WALL_THEME = { mode: 'dark', accent: '#3aa0ff' } as const;

/**
 * The real mimic widget through the widget host, as a wall renders it: the host watches the icons' meters
 * and the open alarms on the page's telemetry store; icons show values and turn red on open alarms.
 */
export function LiveMimic({ sprite, telemetry }: { sprite: Sprite; telemetry: TelemetryStore }) {
  const box = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(box);
  const element = useMemo(() => mimicElementOfSprite(sprite), [sprite]);
  const environment = useMemo(() => ({ telemetry, registry: widgetRegistry }), [telemetry]);
  return (
    <div ref={box} className={styles.live} data-testid="sprite-live">
      {width > 0 && height > 0 && (
        <WidgetHostProvider environment={environment}>
          <ChannelReaderProvider reader={telemetry}>
            <WidgetHost elementId={`sprite-${sprite.id}`} element={element} rect={{ left: 0, top: 0, width, height }} scale={1} theme={WALL_THEME} />
          </ChannelReaderProvider>
        </WidgetHostProvider>
      )}
    </div>
  );
}
