import { action, computed, makeObservable, observable } from 'mobx';
import type { i18n } from 'i18next';
import type { Language } from '../i18n/language';
import { SIDEBAR_COOKIE, SIZE_COOKIE, type InterfaceCookies } from './interfaceCookies';

export type Device = 'desktop' | 'mobile';
export const SIZES = ['large', 'medium', 'small'] as const;
export type Size = (typeof SIZES)[number];
/** Spec §2: the default size. */
export const DEFAULT_SIZE: Size = 'medium';
/** Spec §2/§9: mobile mode applies below 992 px. */
export const MOBILE_BREAKPOINT = 992;

export const isSize = (value: unknown): value is Size => (SIZES as readonly unknown[]).includes(value);
export const deviceForWidth = (width: number): Device => (width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop');

export interface SidebarState {
  opened: boolean;
  /** Set when the change should not animate (a resize into mobile mode). */
  withoutAnimation: boolean;
}

export interface AppDeps {
  i18n: i18n;
  /** Persists the choice (the `language` cookie in the browser). */
  saveLanguage: (language: Language) => void;
  /** The `sidebarStatus` and `size` cookies. */
  cookies: InterfaceCookies;
}

/**
 * Interface state shared by the whole app (spec §3): sidebar, device, language, size. The sidebar
 * cookie records the user's choice on a desktop; mobile mode closes the sidebar without saving
 * that, so going back to a wide window restores the saved choice.
 */
export class AppStore {
  language: Language;
  sidebar: SidebarState;
  device: Device = 'desktop';
  size: Size;
  private savedOpened: boolean;

  constructor(
    private readonly deps: AppDeps,
    language: Language,
  ) {
    this.language = language;
    this.savedOpened = deps.cookies.get(SIDEBAR_COOKIE) !== '0';
    this.sidebar = { opened: this.savedOpened, withoutAnimation: false };
    const size = deps.cookies.get(SIZE_COOKIE);
    this.size = isSize(size) ? size : DEFAULT_SIZE;
    makeObservable(this, {
      language: observable,
      sidebar: observable.ref,
      device: observable,
      size: observable,
      isMobile: computed,
      setLanguage: action,
      toggleSidebar: action,
      closeSidebar: action,
      syncViewport: action,
      setSize: action,
    });
  }

  get isMobile(): boolean {
    return this.device === 'mobile';
  }

  /** Switches the catalogue and remembers the choice for the next visit. */
  setLanguage(language: Language): void {
    this.language = language;
    this.deps.saveLanguage(language);
    void this.deps.i18n.changeLanguage(language);
  }

  toggleSidebar(): void {
    this.setOpened(!this.sidebar.opened, false);
  }

  closeSidebar(withoutAnimation = false): void {
    this.setOpened(false, withoutAnimation);
  }

  /** Called with the window width on start and on resize; acts only when the device changes. */
  syncViewport(width: number): void {
    const device = deviceForWidth(width);
    if (device === this.device) return;
    this.device = device;
    this.sidebar = { opened: device === 'desktop' && this.savedOpened, withoutAnimation: true };
  }

  setSize(size: Size): void {
    this.size = size;
    this.deps.cookies.set(SIZE_COOKIE, size);
  }

  private setOpened(opened: boolean, withoutAnimation: boolean): void {
    this.sidebar = { opened, withoutAnimation };
    if (this.device === 'mobile') return;
    this.savedOpened = opened;
    this.deps.cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
  }
}
