import { describe, expect, it } from 'vitest';
import { widgetRegistry } from '@boards/widgets';
import { createI18n } from '@shared/i18n/createI18n';
import { PICTURE_URL_MESSAGE } from '@shared/schemas/pictureUrl';
import { TIME_ZONE_MESSAGE } from '@boards/widgets/clock/options';
import { optionMessage } from './optionMessage';
import { validateOptions } from './validateOptions';

const schemaOf = (id: string) => widgetRegistry.get(id)!.options;

describe('validateOptions', () => {
  it('is empty for valid options and for the defaults of every widget', () => {
    for (const descriptor of widgetRegistry.list()) expect(validateOptions(descriptor.options, {}), descriptor.id).toEqual({});
    expect(validateOptions(schemaOf('gauge'), { min: 0, max: 10, warning: 6, alarm: 8 })).toEqual({});
  });

  it('names each problem by its dotted path, with the descriptor’s words where it has its own', () => {
    expect(
      validateOptions(schemaOf('mimic'), {
        background: 'javascript:alert(1)',
        icons: [
          { x: 10, y: 20 },
          { meterId: 0, x: 120, y: 5, metric: 'KW' },
        ],
      }),
    ).toEqual({
      background: PICTURE_URL_MESSAGE,
      'icons.0.meterId': 'Please fill in this field',
      'icons.1.meterId': 'Choose a meter',
      'icons.1.x': 'x is a percentage from 0 to 100',
      'icons.1.metric': 'Use a metric code like kw',
    });
    expect(validateOptions(schemaOf('gauge'), { min: 50, max: 10 })).toEqual({ max: 'The maximum must be above the minimum' });
    expect(validateOptions(schemaOf('clock'), { timeZone: 'Mars/Olympus' })).toEqual({ timeZone: TIME_ZONE_MESSAGE });
  });

  it('words zod’s own problems in the catalogue’s English', () => {
    expect(validateOptions(schemaOf('kpi'), { digits: 9, trendMinutes: 1.5, unit: 'x'.repeat(17), sparkline: 'yes' })).toEqual({
      digits: 'At most 6',
      trendMinutes: 'Use a whole number',
      unit: 'At most 16 characters',
      sparkline: 'Choose on or off',
    });
    expect(validateOptions(schemaOf('energy-bar'), { scope: 'site', limit: 0 })).toEqual({ scope: 'Choose one of the listed values', limit: 'At least 1' });
    expect(validateOptions(schemaOf('alarm-ticker'), { kinds: [] })).toEqual({ kinds: 'Choose at least one kind of alarm' });
    expect(validateOptions(schemaOf('bar-3d'), { alpha: 'high' })).toEqual({ alpha: 'Enter a number' });
  });
});

describe('optionMessage', () => {
  const zh = createI18n('zh').t;
  const es = createI18n('es').t;

  it('translates the catalogue’s messages with their numbers, the longest wording first', () => {
    expect(optionMessage(zh, 'At most 16 characters')).toBe('最多 16 个字符');
    expect(optionMessage(zh, 'At most 6')).toBe('最多为 6');
    expect(optionMessage(es, 'At most 50 rows')).toBe('Como máximo 50 filas');
    expect(optionMessage(es, 'x is a percentage from 0 to 100')).toBe('x es un porcentaje de 0 a 100');
    expect(optionMessage(zh, 'From -180 to 180 degrees')).toBe('范围为 -180 到 180 度');
    expect(optionMessage(es, PICTURE_URL_MESSAGE)).toBe('Use una ruta de este servidor que empiece por / o una dirección https://');
    expect(optionMessage(zh, TIME_ZONE_MESSAGE)).toBe('未知时区：请使用 IANA 名称，例如 Asia/Shanghai');
  });

  it('shows a message it does not know as sent', () => {
    expect(optionMessage(zh, 'no meter with id 11')).toBe('no meter with id 11');
  });

  it('knows every message the built-in widgets word themselves', () => {
    const samples: [string, Record<string, unknown>][] = [
      ['alarm-counters', { kinds: [] }],
      ['alarm-counters', { kinds: ['total', 'total'] }],
      ['alarm-ticker', { maxRows: 0, kinds: [] }],
      ['alarm-ticker', { maxRows: 51 }],
      ['bar-3d', { alpha: 91, beta: -181 }],
      ['clock', { timeZone: 'Nowhere/Here' }],
      ['gauge', { min: 5, max: 1, warning: 9, alarm: 3 }],
      ['gauge', { direction: 'below', warning: 1, alarm: 3 }],
      ['image', { url: 'http://plain.example/logo.png' }],
      ['mimic', { icons: [{ meterId: -1, x: -1, y: 101, label: 'x'.repeat(41), metric: '9' }] }],
      ['scene-3d', { lapSeconds: 10 }],
      ['scene-3d', { lapSeconds: 4000 }],
      ['text', { fontSize: 7.5, color: 'red' }],
      ['text', { fontSize: 401 }],
      ['text', { fontSize: 4 }],
      ['mimic', { icons: Array.from({ length: 101 }, () => ({ meterId: 1, x: 1, y: 1 })) }],
      ['top-n', { limit: 0 }],
      ['top-n', { limit: 51 }],
    ];
    const messages = [...new Set(samples.flatMap(([id, options]) => Object.values(validateOptions(schemaOf(id), options))))];
    // Each of the descriptors' own wordings shows up once: the samples reach all of them.
    expect(messages).toHaveLength(24);
    expect(messages.filter((message) => optionMessage(zh, message) === message)).toEqual([]);
  });
});
