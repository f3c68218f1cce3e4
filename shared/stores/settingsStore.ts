import { action, makeObservable, observable } from 'mobx';
import { z } from 'zod';

export const SETTINGS_STORAGE_KEY = 'energy:settings';
/** Spec §2: the default theme colour. */
export const DEFAULT_THEME_COLOR = '#409EFF';
/** Spec §2: the theme picker's 8 preset colours, the default first. */
export const THEME_PRESETS = ['#409EFF', '#1890FF', '#304156', '#212121', '#11A983', '#13C2C2', '#6959CD', '#F5222D'] as const;

export type ErrorLogEnv = 'production' | 'development';
export type SettingSwitch = 'tagsView' | 'fixedHeader' | 'sidebarLogo';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** What is saved; each field falls back to its default on its own, so one bad value spoils nothing else. */
const persistedSettingsSchema = z.object({
  theme: z.string().regex(HEX_COLOR).catch(DEFAULT_THEME_COLOR),
  tagsView: z.boolean().catch(true),
  fixedHeader: z.boolean().catch(false),
  sidebarLogo: z.boolean().catch(false),
  errorLog: z.enum(['production', 'development']).catch('production'),
});
export type PersistedSettings = z.infer<typeof persistedSettingsSchema>;

/** Spec §3/§9 defaults. */
export const DEFAULT_SETTINGS: Readonly<PersistedSettings> = Object.freeze(persistedSettingsSchema.parse({}));

/** Reads saved settings; anything unreadable (bad JSON, wrong types, not an object) yields the defaults. */
export function parseSettings(raw: string | null | undefined): PersistedSettings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  try {
    const value: unknown = JSON.parse(raw);
    return persistedSettingsSchema.parse(typeof value === 'object' && value !== null ? value : {});
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The settings drawer's choices (spec §3 Settings), kept in localStorage. `showSettings` is whether
 * the drawer is open: a moment's state, so it starts false and is not saved.
 */
export class SettingsStore implements PersistedSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  errorLog: ErrorLogEnv;
  showSettings = false;

  constructor(private readonly storage: SettingsStorage | undefined = globalThis.localStorage) {
    const saved = parseSettings(this.read());
    this.theme = saved.theme;
    this.tagsView = saved.tagsView;
    this.fixedHeader = saved.fixedHeader;
    this.sidebarLogo = saved.sidebarLogo;
    this.errorLog = saved.errorLog;
    makeObservable<this, 'save'>(this, {
      theme: observable,
      tagsView: observable,
      fixedHeader: observable,
      sidebarLogo: observable,
      errorLog: observable,
      showSettings: observable,
      setTheme: action,
      setSwitch: action,
      setShowSettings: action,
      save: false,
    });
  }

  /** Ignores anything but a #rrggbb colour, so a bad value can never reach the theme. */
  setTheme(color: string): void {
    if (!HEX_COLOR.test(color)) return;
    this.theme = color.toUpperCase();
    this.save();
  }

  setSwitch(name: SettingSwitch, on: boolean): void {
    this[name] = on;
    this.save();
  }

  setShowSettings(show: boolean): void {
    this.showSettings = show;
  }

  /** The navbar's error log: shown in the configured build, and always once something went wrong. */
  errorLogShown(env: ErrorLogEnv, errorCount: number): boolean {
    return errorCount > 0 || this.errorLog === env;
  }

  private read(): string | null {
    try {
      return this.storage?.getItem(SETTINGS_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  }

  private save(): void {
    const { theme, tagsView, fixedHeader, sidebarLogo, errorLog } = this;
    try {
      this.storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ theme, tagsView, fixedHeader, sidebarLogo, errorLog }));
    } catch (error) {
      // Storage full or disabled: the choice still applies for this visit.
      console.warn('Could not save the settings', error);
    }
  }
}
