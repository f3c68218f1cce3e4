import { autorun } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings, SETTINGS_STORAGE_KEY, SettingsStore, THEME_PRESETS } from './settingsStore';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [[SETTINGS_STORAGE_KEY, initial]]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: vi.fn((key: string, value: string) => void items.set(key, value)),
    saved: () => JSON.parse(items.get(SETTINGS_STORAGE_KEY) ?? 'null') as unknown,
  };
}

describe('SettingsStore', () => {
  it('starts from the spec defaults', () => {
    const settings = new SettingsStore(memoryStorage());
    expect(settings).toMatchObject({
      theme: '#409EFF',
      showSettings: false,
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: false,
      errorLog: 'production',
    });
    expect(THEME_PRESETS).toHaveLength(8);
    expect(THEME_PRESETS[0]).toBe(DEFAULT_SETTINGS.theme);
  });

  it('saves each change and reads it back on the next start', () => {
    const storage = memoryStorage();
    const settings = new SettingsStore(storage);
    settings.setTheme('#13c2c2');
    settings.setSwitch('tagsView', false);
    settings.setSwitch('fixedHeader', true);
    expect(storage.saved()).toEqual({ theme: '#13C2C2', tagsView: false, fixedHeader: true, sidebarLogo: false, errorLog: 'production' });
    const next = new SettingsStore(storage);
    expect(next).toMatchObject({ theme: '#13C2C2', tagsView: false, fixedHeader: true });
  });

  it('does not save the drawer being open', () => {
    const storage = memoryStorage();
    const settings = new SettingsStore(storage);
    settings.setShowSettings(true);
    expect(settings.showSettings).toBe(true);
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('ignores a theme that is not a #rrggbb colour', () => {
    const settings = new SettingsStore(memoryStorage());
    settings.setTheme('red; background: url(x)');
    expect(settings.theme).toBe('#409EFF');
  });

  it.each(['{not json', '42', 'null', '[]', '"text"'])('falls back to the defaults for corrupt storage %s', (raw) => {
    expect(new SettingsStore(memoryStorage(raw))).toMatchObject(DEFAULT_SETTINGS);
  });

  it('keeps the valid fields of a partly corrupt value', () => {
    const parsed = parseSettings(JSON.stringify({ theme: 'javascript:alert(1)', tagsView: 'yes', fixedHeader: true, errorLog: 'always' }));
    expect(parsed).toEqual({ ...DEFAULT_SETTINGS, fixedHeader: true });
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const settings = new SettingsStore(broken);
    expect(settings.theme).toBe('#409EFF');
    settings.setSwitch('sidebarLogo', true);
    expect(settings.sidebarLogo).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('shows the error log in the configured build or once there are errors', () => {
    const settings = new SettingsStore(memoryStorage());
    expect(settings.errorLogShown('production', 0)).toBe(true);
    expect(settings.errorLogShown('development', 0)).toBe(false);
    expect(settings.errorLogShown('development', 2)).toBe(true);
  });

  it('is observable', () => {
    const settings = new SettingsStore(memoryStorage());
    const themes: string[] = [];
    const stop = autorun(() => themes.push(settings.theme));
    settings.setTheme('#F5222D');
    stop();
    expect(themes).toEqual(['#409EFF', '#F5222D']);
  });
});
