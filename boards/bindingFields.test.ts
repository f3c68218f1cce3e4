import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Binding } from '@shared/board/document';
import type { AnyWidgetDescriptor, BindingField } from './widgetDescriptor';
import { widgetRegistry } from './widgets';

/** A value per binding field, distinct from every default (electricity, day, 1 period, kw). */
const SAMPLE: Required<Binding> = {
  meterIds: [11, 12],
  departmentIds: [21, 22],
  subitemIds: [31, 32],
  metric: 'v',
  energyType: 'water',
  grain: 'month',
  periods: 7,
};
const ALL_FIELDS = Object.keys(SAMPLE) as BindingField[];

/** Read by the renderers (charts/meterValue boundMetric), never by channels(): it cannot show in channel names. */
const RENDERER_ONLY: readonly BindingField[] = ['metric'];

/** The options a widget's channels may depend on: the defaults, each enum value and each flag flipped. */
function optionVariants(descriptor: AnyWidgetDescriptor): Record<string, unknown>[] {
  const defaults = descriptor.options.parse({}) as Record<string, unknown>;
  const json = z.toJSONSchema(descriptor.options, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { enum?: unknown[]; type?: unknown }>;
  };
  const variants = [defaults];
  for (const [name, property] of Object.entries(json.properties ?? {})) {
    for (const value of property.enum ?? []) variants.push({ ...defaults, [name]: value });
    if (property.type === 'boolean') variants.push({ ...defaults, [name]: !defaults[name] });
  }
  return variants;
}

const pick = (fields: readonly BindingField[]): Binding => Object.fromEntries(fields.map((field) => [field, SAMPLE[field]]));
const without = (binding: Binding, field: BindingField): Binding => Object.fromEntries(Object.entries(binding).filter(([key]) => key !== field));
const channelsOf = (descriptor: AnyWidgetDescriptor, binding: Binding, options: Record<string, unknown>) => descriptor.channels(binding, options);

describe('binding fields of the widget catalogue', () => {
  const descriptors = widgetRegistry.list();

  it.each(descriptors.map((d) => [d.id, d] as const))('%s declares what its picker offers', (_id, descriptor) => {
    expect(descriptor.bindingFields, 'bindingFields is set (empty when the widget takes no binding)').toBeDefined();
    const offered = descriptor.bindingFields ?? [];
    expect(new Set(offered).size).toBe(offered.length);
    expect(offered.every((field) => ALL_FIELDS.includes(field))).toBe(true);
  });

  it.each(descriptors.map((d) => [d.id, d] as const))('%s: a binding field it does not offer never changes its channels', (_id, descriptor) => {
    const offered = descriptor.bindingFields ?? [];
    const bound = pick(offered);
    const unoffered = ALL_FIELDS.filter((field) => !offered.includes(field));
    for (const options of optionVariants(descriptor)) {
      const expected = channelsOf(descriptor, bound, options);
      for (const field of unoffered) {
        expect(channelsOf(descriptor, { ...bound, [field]: SAMPLE[field] }, options), `${field} with ${JSON.stringify(options)}`).toEqual(expected);
      }
    }
  });

  it.each(descriptors.map((d) => [d.id, d] as const))('%s: each binding field it offers is read', (_id, descriptor) => {
    const offered = descriptor.bindingFields ?? [];
    for (const field of offered.filter((f) => !RENDERER_ONLY.includes(f))) {
      const read = optionVariants(descriptor).some((options) =>
        [pick([field]), pick(offered)].some(
          (binding) => JSON.stringify(channelsOf(descriptor, binding, options)) !== JSON.stringify(channelsOf(descriptor, without(binding, field), options)),
        ),
      );
      expect(read, `${field} changes some channel`).toBe(true);
    }
  });

  it('names the bound meters, departments and sub-items in the channels', () => {
    const get = (id: string) => widgetRegistry.get(id)!;
    expect(get('gauge').channels({ meterIds: [11, 12] }, get('gauge').options.parse({}))).toEqual(['meter:11:latest']);
    expect(get('live-trend').channels({ meterIds: [11, 12] }, get('live-trend').options.parse({}))).toEqual([
      'meter:11:latest',
      'meter:12:latest',
      'meters:directory',
    ]);
    expect(get('energy-bar').channels(pick(get('energy-bar').bindingFields!), get('energy-bar').options.parse({}))).toEqual([
      'energy:series:department:21.22:water:month:7',
    ]);
    expect(get('share-pie').channels(pick(get('share-pie').bindingFields!), get('share-pie').options.parse({ scope: 'subitem' }))).toEqual([
      'energy:series:subitem:31.32:water:month:7',
    ]);
    expect(get('energy-calendar').channels({ meterIds: [11] }, get('energy-calendar').options.parse({}))).toEqual([
      'energy:series:meter:11:electricity:day:365',
    ]);
    expect(get('top-n').channels(pick(get('top-n').bindingFields!), get('top-n').options.parse({}))).toEqual(['energy:ranking:department:21:water:month:7:10']);
  });

  it('offers nothing to the widgets that take no binding', () => {
    const unbound = widgetRegistry
      .list()
      .filter((d) => d.bindingFields?.length === 0)
      .map((d) => d.id)
      .sort();
    expect(unbound).toEqual([
      'alarm-counters',
      'alarm-ticker',
      'announcements',
      'clock',
      'fleet-cii',
      'idle-energy',
      'image',
      'line-sec',
      'mimic',
      'prepaid-overview',
      'report-table',
      'room-credit',
      'scene-3d',
      'text',
    ]);
  });
});
