import Cookies from 'js-cookie';
import { cookieAttributes } from '../api/cookieAttributes';

/** Spec §2: the sidebar state ('1' open, '0' closed) and the component size live in cookies. */
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';

/** Cookie access for AppStore; tests pass an in-memory one. */
export interface InterfaceCookies {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
}

export const browserCookies: InterfaceCookies = {
  get: (name) => Cookies.get(name),
  set: (name, value) => void Cookies.set(name, value, cookieAttributes('preference')),
};
