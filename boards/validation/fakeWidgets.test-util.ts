import { z } from 'zod';
import { Registry } from '../registry';
import { defineWidget, type AnyWidgetDescriptor } from '../widgetDescriptor';

/** Two stand-in widgets, so the validation tests never depend on the real catalogue. */
const noRenderer = () => Promise.resolve({ default: () => null });

/** Version 2 replaced `max` with `range`; version 1 documents are migrated. */
export const fakeGauge = defineWidget({
  id: 'fake-gauge',
  nameKey: 'widgets.fakeGauge',
  category: 'figures',
  version: 2,
  options: z
    .object({
      range: z.object({ min: z.number().default(0), max: z.number().positive('The maximum must be above 0') }).default({ min: 0, max: 100 }),
      unit: z.string().max(8, 'At most 8 characters').default('kW'),
    })
    .strict(),
  migrations: {
    1: {
      name: 'gauge max becomes range',
      up: ({ max, ...rest }) => ({ ...rest, range: { min: 0, max } }),
    },
  },
  defaultSize: { w: 6, h: 6 },
  channels: (binding) => (binding.meterIds ?? []).map((id) => `meter:${id}:latest`),
  load: noRenderer,
});

/** Renamed from `old-text`, which still answers as an alias. */
export const fakeText = defineWidget({
  id: 'fake-text',
  aliasIds: ['old-text'],
  nameKey: 'widgets.fakeText',
  category: 'media',
  version: 1,
  options: z.object({ text: z.string().max(200, 'At most 200 characters').default(''), size: z.number().int().min(8).default(24) }),
  defaultSize: { w: 6, h: 2 },
  channels: () => [],
  load: noRenderer,
});

export function fakeWidgetRegistry(): Registry<AnyWidgetDescriptor> {
  return new Registry<AnyWidgetDescriptor>('Widget').register(fakeGauge).register(fakeText);
}
