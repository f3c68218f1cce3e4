import { describe, expect, it } from 'vitest';
import { widgetRegistry } from '@boards/widgets';
import { optionFields } from './optionFields';
import { dotted, newItem, newListValue, setAt, valueAt, withDefaults } from './optionValues';

const mimicFields = optionFields(widgetRegistry.get('mimic')!.options);
const iconFields = (() => {
  const icons = mimicFields.find((field) => field.name === 'icons');
  if (icons?.kind !== 'records') throw new Error('the mimic has icons');
  return icons.fields;
})();

describe('option values', () => {
  it('reads and writes by path without touching the original', () => {
    const options = { background: '/api/files/plant.png', icons: [{ meterId: 11, x: 10, y: 20 }] };
    expect(valueAt(options, ['icons', 0, 'x'])).toBe(10);
    expect(valueAt(options, ['icons', 3, 'x'])).toBeUndefined();
    expect(valueAt(options, ['background', 'x'])).toBeUndefined();
    const next = setAt(options, ['icons', 0, 'x'], 55);
    expect(next).toEqual({ background: '/api/files/plant.png', icons: [{ meterId: 11, x: 55, y: 20 }] });
    expect(options.icons[0]!.x).toBe(10);
    expect(setAt({}, ['frame', 'width'], 3)).toEqual({ frame: { width: 3 } });
    // undefined removes the key: the default applies again.
    expect(setAt({ digits: 3, unit: 'kW' }, ['digits'], undefined)).toEqual({ unit: 'kW' });
    expect(dotted(['icons', 0, 'meterId'])).toBe('icons.0.meterId');
  });

  it('fills absent options with their defaults, in list items too, and keeps unknown keys', () => {
    const filled = withDefaults(mimicFields, { icons: [{ meterId: 11, x: 10, y: 20 }], legacy: true });
    expect(filled).toEqual({ background: '', fit: 'contain', icons: [{ meterId: 11, x: 10, y: 20, label: '', metric: 'kw', digits: 1 }], legacy: true });
    // A default is copied, never shared with the schema's model.
    const first = withDefaults(mimicFields, {});
    (first.icons as unknown[]).push('x');
    expect(withDefaults(mimicFields, {}).icons).toEqual([]);
  });

  it('makes a new icon in the middle of the picture with its meter still to choose', () => {
    expect(newItem(iconFields)).toEqual({ x: 50, y: 50, label: '', metric: 'kw', digits: 1 });
    expect(newListValue({ name: '', required: true, kind: 'number', integer: false, min: 5, nullable: false })).toBe(5);
    expect(newListValue({ name: '', required: true, kind: 'text', multiline: false })).toBe('');
  });
});
