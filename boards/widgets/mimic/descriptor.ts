import { OPEN_ALARMS_CHANNEL } from '@shared/board/channels';
import { meterLatestChannel } from '@shared/schemas/alarms';
import { defineWidget } from '../../widgetDescriptor';
import { mimicOptionsSchema, type MimicOptions } from './options';

/** Each placed meter's latest values (once per meter), then the wall's open alarms that turn icons red. */
export function mimicChannels(options: Pick<MimicOptions, 'icons'>): string[] {
  const meters = [...new Set(options.icons.map((icon) => icon.meterId))];
  return [...meters.map(meterLatestChannel), OPEN_ALARMS_CHANNEL];
}

/** A plant picture with device icons showing live values, red while their meter has an open alarm. */
export const mimicWidget = defineWidget<MimicOptions>({
  id: 'mimic',
  nameKey: 'liveWidgets.names.mimic',
  category: 'figures',
  version: 1,
  options: mimicOptionsSchema,
  defaultSize: { w: 12, h: 10 },
  // Each icon names its own meter in the options.
  bindingFields: [],
  channels: (_binding, options) => mimicChannels(options),
  load: () => import('./MimicWidget'),
});
