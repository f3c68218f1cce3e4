import { observer } from 'mobx-react-lite';
import { useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatchedChannels } from '@boards/runtime/channelReader';
import { meterLatestChannel } from '@shared/schemas/alarms';
import styles from '../sprites.module.css';
import { EditorIcon } from './EditorIcon';
import { nudge, spotAt } from './iconPlacement';
import type { SpriteDraft } from './SpriteDraft';

/** Arrow keys move the focused icon by half a percent, with Shift by five. */
const STEP = 0.5;
const BIG_STEP = 5;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

interface PictureCanvasProps {
  draft: SpriteDraft;
}

/**
 * The plant picture at its own aspect ratio: a click places an icon there, an icon drags (pointer capture,
 * clamped to the picture) or moves with the arrow keys, Delete removes the focused one.
 */
export const PictureCanvas = observer(function PictureCanvas({ draft }: PictureCanvasProps) {
  const { t } = useTranslation();
  const picture = useRef<HTMLImageElement>(null);
  const dragging = useRef<{ index: number; moved: boolean } | null>(null);
  useWatchedChannels([...new Set(draft.icons.filter((icon) => icon.meterId > 0).map((icon) => meterLatestChannel(icon.meterId)))]);

  if (!draft.picture) {
    return (
      <div className={styles.stage} data-testid="sprite-stage">
        <div className={styles.hint} data-testid="sprite-no-picture">
          {t('sprites.editor.noPicture')}
        </div>
      </div>
    );
  }

  const spotOf = (event: { clientX: number; clientY: number }) =>
    spotAt(event.clientX, event.clientY, picture.current?.getBoundingClientRect() ?? { left: 0, top: 0, width: 0, height: 0 });

  const place = (event: MouseEvent<HTMLImageElement>) => draft.placeIcon(spotOf(event));

  const handlers = (index: number) => ({
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      dragging.current = { index, moved: false };
      draft.select(index);
    },
    onPointerMove: (event: PointerEvent<HTMLButtonElement>) => {
      if (dragging.current?.index !== index) return;
      dragging.current.moved = true;
      draft.moveIcon(index, spotOf(event));
    },
    onPointerUp: (event: PointerEvent<HTMLButtonElement>) => {
      event.currentTarget.releasePointerCapture?.(event.pointerId);
      dragging.current = null;
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      const icon = draft.icons[index];
      const arrow = ARROWS[event.key];
      if (icon && arrow) {
        event.preventDefault();
        const step = event.shiftKey ? BIG_STEP : STEP;
        draft.moveIcon(index, nudge(icon, arrow[0] * step, arrow[1] * step));
      } else if (event.key === 'Delete') {
        draft.removeIcon(index);
      }
    },
  });

  return (
    <div className={styles.stage} data-testid="sprite-stage">
      <div className={styles.picture}>
        <img ref={picture} src={draft.picture} alt={t('sprites.editor.pictureAlt')} draggable={false} onClick={place} data-testid="sprite-picture" />
        {draft.icons.map((icon, index) => (
          <EditorIcon key={index} icon={icon} index={index} selected={draft.selected === index} faulty={draft.hasIconErrors(index)} {...handlers(index)} />
        ))}
      </div>
    </div>
  );
});
