import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALL_ANNOUNCEMENTS_CHANNEL, type WallAnnouncementsData } from '@shared/schemas/inquiry';
import { useChannel } from '../../runtime/channelReader';
import type { WidgetProps } from '../../widgetDescriptor';
import type { AnnouncementsOptions } from './options';
import { nextId, shownId } from './rotation';

/** A picture goes beside the text only where both still have room. */
const MIN_WIDTH_FOR_PICTURE = 360;

/**
 * One announcement at a time, the next every `seconds`, with a dot per announcement in the board's
 * accent colour. Title and text are plain text nodes (never HTML), line breaks kept; the picture comes
 * from this server's upload store.
 */
function AnnouncementsWidget({ options, width, height, scale, theme }: WidgetProps<AnnouncementsOptions>) {
  const { t } = useTranslation();
  const announcements = useChannel<WallAnnouncementsData>(WALL_ANNOUNCEMENTS_CHANNEL)?.value?.announcements ?? [];
  const ids = announcements.map((item) => item.id);
  const [current, setCurrent] = useState<number | null>(null);
  const shown = shownId(ids, current);
  const idsKey = ids.join(',');

  useEffect(() => {
    const list = idsKey ? idsKey.split(',').map(Number) : [];
    if (list.length < 2) return;
    const timer = setInterval(() => setCurrent((previous) => nextId(list, shownId(list, previous))), options.seconds * 1000);
    return () => clearInterval(timer);
  }, [idsKey, options.seconds]);

  const titleSize = options.fontSize * scale;
  const bodySize = titleSize * 0.6;
  const item = announcements.find((announcement) => announcement.id === shown);
  if (!item) {
    return (
      <div
        data-testid="announcements-empty"
        style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: bodySize, opacity: 0.6 }}
      >
        {t('liveWidgets.announcements.none')}
      </div>
    );
  }
  const picture = options.showPicture && item.picture && width >= MIN_WIDTH_FOR_PICTURE * scale ? item.picture : '';
  const dot = Math.max(4, 8 * scale);
  return (
    <div
      data-testid="announcements-widget"
      data-shown={item.id}
      style={{
        width,
        height,
        boxSizing: 'border-box',
        padding: `${4 * scale}px ${10 * scale}px`,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <div style={{ flex: 1, minHeight: 0, display: 'flex', gap: 16 * scale, alignItems: 'stretch' }}>
        {picture && (
          <img src={picture} alt="" data-testid="announcement-picture" style={{ width: '35%', height: '100%', objectFit: 'contain', flex: 'none' }} />
        )}
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 * scale, overflow: 'hidden' }}>
          <div
            data-testid="announcement-title"
            style={{ fontSize: titleSize, fontWeight: 600, lineHeight: 1.25, color: theme.accent, overflowWrap: 'anywhere' }}
          >
            {item.title}
          </div>
          <div
            data-testid="announcement-body"
            style={{ fontSize: bodySize, lineHeight: 1.4, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', overflow: 'hidden' }}
          >
            {item.body}
          </div>
        </div>
      </div>
      {announcements.length > 1 && (
        <div aria-hidden style={{ display: 'flex', justifyContent: 'center', gap: dot, paddingTop: dot }}>
          {announcements.map((announcement) => (
            <span
              key={announcement.id}
              style={{ width: dot, height: dot, borderRadius: '50%', background: theme.accent, opacity: announcement.id === item.id ? 1 : 0.3 }}
            />
          ))}
        </div>
      )}
    </div>
  );
}

export default observer(AnnouncementsWidget);
