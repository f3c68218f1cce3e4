import type { Access } from '../../http/access';

/** The push screens (shared/menu: /msg/*, /message/*); each API names the screens that use it. */
export const SCREENS = {
  template: '/msg/template',
  templateSettings: '/message/template-settings',
  task: '/msg/task',
  verify: '/msg/verify',
  pushSms: '/msg/pushsms',
  pushWx: '/msg/pushwx',
  records: '/message/push-records',
  providerCalls: '/msg/webServiceRecord',
  personInfo: '/message/personInfo',
  users: '/settings/user',
} as const;

/** Reading: any of the screens. */
export const readBy = (...screens: string[]): Access => ({ anyOf: screens });
/** Writing: the screen's add, edit or delete button (spec §6 button entries; admins pass). */
export const button = (name: 'add' | 'edit' | 'delete', ...screens: string[]): Access => ({ anyOf: screens.map((screen) => `${screen}/${name}`) });
