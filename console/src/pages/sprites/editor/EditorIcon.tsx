import { observer } from 'mobx-react-lite';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import { metricDef } from '@shared/metering/metrics';
import type { MeterLatestValues } from '@shared/realtime/protocol';
import { meterLatestChannel } from '@shared/schemas/alarms';
import type { MimicIcon } from '@boards/widgets/mimic/options';
import { useChannel } from '@boards/runtime/channelReader';
import styles from '../sprites.module.css';

interface EditorIconProps {
  icon: MimicIcon;
  index: number;
  selected: boolean;
  faulty: boolean;
  onPointerDown(event: PointerEvent<HTMLButtonElement>): void;
  onPointerMove(event: PointerEvent<HTMLButtonElement>): void;
  onPointerUp(event: PointerEvent<HTMLButtonElement>): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
}

/** One placed icon on the editor's picture: its label and, when the socket has it, the meter's live value. */
export const EditorIcon = observer(function EditorIcon({ icon, index, selected, faulty, ...handlers }: EditorIconProps) {
  const { t } = useTranslation();
  const reading = useChannel<MeterLatestValues>(icon.meterId > 0 ? meterLatestChannel(icon.meterId) : undefined);
  const value = reading?.value.values?.[icon.metric];
  const unit = metricDef(icon.metric)?.unit ?? '';
  // Worded as the mimic on a wall words it: the label, else "Meter <id>".
  const name = icon.label || (icon.meterId > 0 ? t('liveWidgets.mimic.meter', { id: icon.meterId }) : t('sprites.editor.noMeter'));
  const classes = [styles.icon, selected ? styles.iconSelected : '', faulty ? styles.iconFaulty : ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={classes}
      style={{ left: `${icon.x}%`, top: `${icon.y}%` }}
      aria-pressed={selected}
      aria-label={t('sprites.editor.iconName', { index: index + 1, name })}
      data-testid={`sprite-icon-${index}`}
      data-faulty={faulty}
      {...handlers}
    >
      <span className={styles.iconDot} />
      <span className={styles.iconText}>
        {name}
        {typeof value === 'number' && (
          <span data-testid={`sprite-icon-value-${index}`}>{` · ${withThousands(value, icon.digits)}${unit ? ` ${unit}` : ''}`}</span>
        )}
      </span>
    </button>
  );
});
