import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeWidgetRegistry } from './fakeWidgets.test-util';
import { issueField, validateBoard } from './validateBoard';

const registry = fakeWidgetRegistry();
const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

/** The smallest valid board with the given elements (no layout items). */
const board = (elements: Record<string, unknown>) => ({ schemaVersion: 1, meta: { name: 'Test' }, elements, layout: { kind: 'grid', spec: { items: [] } } });

describe('validateBoard', () => {
  it('migrates a fixture, fills defaults, and survives a save and reload unchanged', () => {
    const first = validateBoard(fixture('lineOverview.v1.json'), registry);
    if (!first.ok) throw new Error(JSON.stringify(first.issues));
    expect(first.applied).toEqual(['elements.press-load: gauge max becomes range', 'elements.headline: type "old-text" is now "fake-text"']);
    expect(first.document.elements['press-load']).toEqual({
      type: 'fake-gauge',
      version: 2,
      title: 'Press load',
      options: { range: { min: 0, max: 450 }, unit: 'kW' },
      binding: { meterIds: [11], metric: 'kw' },
    });
    expect(first.document.elements.headline).toEqual({ type: 'fake-text', version: 1, title: '', options: { text: 'Line 1', size: 24 }, binding: {} });
    expect(first.document.meta).toEqual({ name: 'Line 1 overview', description: '', purpose: 'general', code: '', equipmentMeterId: null });
    expect(first.document.canvas).toEqual({ designWidth: 3840, designHeight: 2160, scaleMode: 'fit' });
    expect(first.document.layout.spec).toMatchObject({ cols: 24, rowHeight: 40, gap: 12 });

    const saved = JSON.stringify(first.document);
    const second = validateBoard(JSON.parse(saved), registry);
    if (!second.ok) throw new Error(JSON.stringify(second.issues));
    expect(second.applied).toEqual([]);
    expect(second.document).toEqual(first.document);
    expect(JSON.stringify(second.document)).toBe(saved);
  });

  it('names an unknown widget type at the element', () => {
    const result = validateBoard(board({ k1: { type: 'no-such-widget' } }), registry);
    expect(result).toEqual({
      ok: false,
      issues: [{ path: ['elements', 'k1', 'type'], rule: 'unknown_widget', message: 'Unknown widget type "no-such-widget"' }],
    });
  });

  it('reports option errors under elements.<id>.options with the field', () => {
    const result = validateBoard(
      board({ g: { type: 'fake-gauge', version: 2, options: { range: { max: -5 }, unit: 'kilowatts' } }, t: { type: 'fake-text', options: { text: 'ok' } } }),
      registry,
    );
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: ['elements', 'g', 'options', 'range', 'max'], rule: 'too_small', message: 'The maximum must be above 0' },
        { path: ['elements', 'g', 'options', 'unit'], rule: 'too_big', message: 'At most 8 characters' },
      ],
    });
  });

  it('refuses unknown options of a strict widget after migrating them', () => {
    const result = validateBoard(board({ g: { type: 'fake-gauge', version: 1, options: { max: 10, colour: 'red' } } }), registry);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({ path: ['elements', 'g', 'options'], rule: 'unrecognized_keys' });
  });

  it('refuses options from a newer widget version', () => {
    const result = validateBoard(board({ g: { type: 'fake-gauge', version: 3 } }), registry);
    expect(result).toEqual({
      ok: false,
      issues: [{ path: ['elements', 'g', 'version'], rule: 'version', message: 'Options version 3 of "fake-gauge" is newer than this product knows (2)' }],
    });
  });

  it('reports document shape errors with their path', () => {
    const result = validateBoard(
      { schemaVersion: 1, meta: { name: ' ' }, elements: {}, layout: { kind: 'grid', spec: { items: [{ element: 'ghost', x: 20, y: 0, w: 6, h: 2 }] } } },
      registry,
    );
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: ['meta', 'name'], rule: 'too_small', message: 'Please enter the board name' },
        { path: ['layout', 'spec', 'items', 0, 'element'], rule: 'custom', message: 'No element "ghost" on this board' },
        { path: ['layout', 'spec', 'items', 0, 'w'], rule: 'custom', message: 'The widget runs past column 24' },
      ],
    });
  });

  it('refuses a document from a newer product and a non-object', () => {
    expect(validateBoard({ ...board({}), schemaVersion: 7 }, registry)).toEqual({
      ok: false,
      issues: [{ path: ['schemaVersion'], rule: 'migration', message: 'This board was saved by a newer version (schema 7; this server knows 1)' }],
    });
    expect(validateBoard([1, 2], registry)).toEqual({ ok: false, issues: [{ path: [], rule: 'migration', message: 'A board document is a JSON object' }] });
  });

  it('treats a document without schemaVersion as version 1', () => {
    const { schemaVersion: _omitted, ...unversioned } = board({ t: { type: 'fake-text' } });
    const result = validateBoard(unversioned, registry);
    expect(result.ok && result.document.schemaVersion).toBe(1);
    expect(result.ok && result.document.elements.t?.options).toEqual({ text: '', size: 24 });
  });

  it('spells paths as API fields', () => {
    expect(issueField(['elements', 'k1', 'options', 'range', 0], 'document')).toBe('document.elements.k1.options.range.0');
    expect(issueField([], 'document')).toBe('document');
    expect(issueField(['meta', 'name'])).toBe('meta.name');
  });
});
