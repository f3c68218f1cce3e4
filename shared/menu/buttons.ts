/**
 * The buttons of each screen (spec §6): a button entry's full path is the screen's path joined with the
 * button name, and both the console's permission helper and the server's route checks ask for it.
 * One line per screen whose API checks a `<screen>/<button>` permission; the seed adds the entries
 * (hidden, type 'button', one level below their screen) so a role can be granted them.
 */
export const BUTTON_NAMES = ['add', 'edit', 'delete', 'password', 'auth'] as const;
export type ButtonName = (typeof BUTTON_NAMES)[number];

const crud: readonly ButtonName[] = ['add', 'edit', 'delete'];
const editOnly: readonly ButtonName[] = ['edit'];

export const SCREEN_BUTTONS: Readonly<Record<string, readonly ButtonName[]>> = {
  '/settings/user': ['add', 'edit', 'delete', 'password'],
  '/settings/roles': ['add', 'edit', 'delete', 'auth'],
  '/settings/router': crud,
  '/settings/loginPageSet': crud,
  // Device data: meters and gateways share the device screen; review resolves quarantined readings.
  '/base/device': crud,
  '/base/check': editOnly,
  '/devices/departs': crud,
  '/devices/subitem': crud,
  '/devices/tag': crud,
  '/devices/power-thresholds': crud,
  '/alarm-management/threshold': crud,
  '/thirdinterfaces/generic-interfaces': ['add', 'delete'],
  '/settings/webServiceConfig': crud,
  // Pushes (server/modules/pushes/screens.ts).
  '/msg/template': crud,
  '/msg/task': crud,
  '/msg/verify': editOnly,
  '/msg/pushsms': editOnly,
  '/msg/pushwx': editOnly,
  '/message/template-settings': editOnly,
  '/message/push-records': editOnly,
  '/message/personInfo': editOnly,
};
