import { WALL_ANNOUNCEMENTS_CHANNEL } from '@shared/schemas/inquiry';
import { defineWidget } from '../../widgetDescriptor';
import { announcementsOptionsSchema, type AnnouncementsOptions } from './options';

/** The active wall announcements of the display's tree and the platform's (/inquiry/adpost), one at a time. */
export const announcementsWidget = defineWidget<AnnouncementsOptions>({
  id: 'announcements',
  nameKey: 'liveWidgets.names.announcements',
  category: 'media',
  version: 1,
  options: announcementsOptionsSchema,
  defaultSize: { w: 12, h: 5 },
  bindingFields: [],
  channels: () => [WALL_ANNOUNCEMENTS_CHANNEL],
  // The server re-sends unchanged announcements every 30 minutes: older than two of those is a dead link.
  staleAfterMs: 2 * 60 * 60_000,
  load: () => import('./AnnouncementsWidget'),
});
