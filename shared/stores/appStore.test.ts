import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/createI18n';
import { AppStore, deviceForWidth } from './appStore';
import { SIDEBAR_COOKIE, SIZE_COOKIE } from './interfaceCookies';

function appStore(initialCookies: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initialCookies));
  const cookies = { get: (name: string) => jar.get(name), set: (name: string, value: string) => void jar.set(name, value) };
  const app = new AppStore({ i18n: createI18n('en'), saveLanguage: () => undefined, cookies }, 'en');
  return { app, jar };
}

describe('AppStore interface state', () => {
  it('starts on a desktop with the sidebar open and size medium', () => {
    const { app, jar } = appStore();
    expect(app.device).toBe('desktop');
    expect(app.sidebar).toEqual({ opened: true, withoutAnimation: false });
    expect(app.size).toBe('medium');
    expect(jar.size).toBe(0);
  });

  it('reads the sidebar and size cookies, ignoring unknown sizes', () => {
    expect(appStore({ [SIDEBAR_COOKIE]: '0', [SIZE_COOKIE]: 'small' }).app).toMatchObject({ sidebar: { opened: false }, size: 'small' });
    expect(appStore({ [SIDEBAR_COOKIE]: '1', [SIZE_COOKIE]: 'huge' }).app).toMatchObject({ sidebar: { opened: true }, size: 'medium' });
  });

  it('saves the sidebar toggle as 1/0', () => {
    const { app, jar } = appStore();
    app.toggleSidebar();
    expect(app.sidebar.opened).toBe(false);
    expect(jar.get(SIDEBAR_COOKIE)).toBe('0');
    app.toggleSidebar();
    expect(jar.get(SIDEBAR_COOKIE)).toBe('1');
  });

  it('saves the size', () => {
    const { app, jar } = appStore();
    app.setSize('large');
    expect(app.size).toBe('large');
    expect(jar.get(SIZE_COOKIE)).toBe('large');
  });

  it('switches to mobile below 992 px and closes the sidebar without animation', () => {
    expect(deviceForWidth(991)).toBe('mobile');
    expect(deviceForWidth(992)).toBe('desktop');
    const { app, jar } = appStore();
    app.syncViewport(991);
    expect(app.device).toBe('mobile');
    expect(app.isMobile).toBe(true);
    expect(app.sidebar).toEqual({ opened: false, withoutAnimation: true });
    expect(jar.get(SIDEBAR_COOKIE)).toBeUndefined();
  });

  it('does not save sidebar changes made in mobile mode, and restores the saved state on a desktop', () => {
    const { app, jar } = appStore();
    app.syncViewport(390);
    app.toggleSidebar();
    expect(app.sidebar).toEqual({ opened: true, withoutAnimation: false });
    app.closeSidebar();
    expect(jar.get(SIDEBAR_COOKIE)).toBeUndefined();
    app.syncViewport(1366);
    expect(app.device).toBe('desktop');
    expect(app.sidebar.opened).toBe(true);
  });

  it('ignores resizes that keep the device', () => {
    const { app } = appStore();
    app.syncViewport(500);
    app.toggleSidebar();
    app.syncViewport(480);
    expect(app.sidebar.opened).toBe(true);
  });
});
