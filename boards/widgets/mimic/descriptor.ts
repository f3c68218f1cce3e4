import { z } from 'zod';
import { OPEN_ALARMS_CHANNEL } from '@shared/board/channels';
import { meterLatestChannel } from '@shared/schemas/alarms';
import { defineWidget } from '../../widgetDescriptor';
import { PICTURE_FITS, pictureUrlSchema } from '../image/pictureUrl';

export const MAX_MIMIC_ICONS = 100;

const percent = (axis: string) => z.number().min(0, `${axis} is a percentage from 0 to 100`).max(100, `${axis} is a percentage from 0 to 100`);

export const mimicIconSchema = z.object({
  meterId: z.number().int().positive('Choose a meter'),
  /** Position of the icon's centre on the picture, in % of its width and height. */
  x: percent('x'),
  y: percent('y'),
  /** Plain text; empty shows "Meter <id>". */
  label: z.string().trim().max(40, 'At most 40 characters').default(''),
  /** A metric code of the meter's latest values (kw, kwh, v …). */
  metric: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, 'Use a metric code like kw')
    .default('kw'),
  digits: z.number().int().min(0).max(4).default(1),
});
export type MimicIcon = z.output<typeof mimicIconSchema>;

export const mimicOptionsSchema = z.object({
  background: pictureUrlSchema,
  fit: z.enum(PICTURE_FITS).default('contain'),
  icons: z.array(mimicIconSchema).max(MAX_MIMIC_ICONS, `At most ${MAX_MIMIC_ICONS} icons`).default([]),
});
export type MimicOptions = z.output<typeof mimicOptionsSchema>;

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
