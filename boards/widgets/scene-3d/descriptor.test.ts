import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { widgetRegistry } from '../index';
import { scene3dWidget } from './descriptor';

describe('scene-3d descriptor', () => {
  it('parses empty options to a touring, labelled, whole-site scene', () => {
    expect(scene3dWidget.options.parse({})).toEqual({ tour: true, lapSeconds: 240, showLabels: true, departmentIds: [] });
  });

  it('declares the directory and the open alarms, is heavy, 3d, and registered', () => {
    expect(scene3dWidget.channels({}, scene3dWidget.options.parse({}))).toEqual(['meters:directory', 'alarms:open']);
    expect(scene3dWidget.heavy).toBe(true);
    expect(scene3dWidget.category).toBe('3d');
    expect(widgetRegistry.get('scene-3d')).toBe(scene3dWidget);
  });

  it('refuses a lap shorter than 30 seconds with its message', () => {
    const result = scene3dWidget.options.safeParse({ lapSeconds: 5 });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual(['At least 30 seconds per lap']);
  });

  it('keeps three.js out of the descriptor module (only load() reaches it)', () => {
    const source = readFileSync(fileURLToPath(new URL('./descriptor.ts', import.meta.url)), 'utf8');
    expect(source).not.toMatch(/from '(three|@react-three\/fiber)'|scene\/PlantScene/);
  });
});
