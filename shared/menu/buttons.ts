import { RESOURCES } from '../resources/catalogue';
import { RESOURCE_BUTTONS } from '../resources/defineResource';

/**
 * The buttons of each screen (spec §6): a button entry's full path is the screen's path joined with the
 * button name, and both the console's permission helper and the server's route checks ask for it.
 * One line per screen whose API checks a `<screen>/<button>` permission; the seed adds the entries
 * (hidden, type 'button', one level below their screen) so a role can be granted them.
 */
export const BUTTON_NAMES = ['add', 'edit', 'delete', 'password', 'auth', 'import'] as const;
export type ButtonName = (typeof BUTTON_NAMES)[number];

const crud: readonly ButtonName[] = ['add', 'edit', 'delete'];
const editOnly: readonly ButtonName[] = ['edit'];

/** Every resource's screen offers add, edit, delete and import (shared/resources); export needs only the screen. */
const RESOURCE_SCREEN_BUTTONS = Object.fromEntries(RESOURCES.map((definition) => [definition.menu, RESOURCE_BUTTONS]));

export const SCREEN_BUTTONS: Readonly<Record<string, readonly ButtonName[]>> = {
  ...RESOURCE_SCREEN_BUTTONS,
  '/settings/user': ['add', 'edit', 'delete', 'password'],
  '/settings/roles': ['add', 'edit', 'delete', 'auth'],
  '/settings/router': crud,
  '/settings/loginPageSet': crud,
  // Device data: review resolves quarantined readings (meters and gateways are resources).
  '/base/check': editOnly,
  '/devices/power-thresholds': crud,
  // Money side: tariffs and their versions and assignments; calendar, shifts, teams and rota (import: calendar CSV).
  '/devices/peakvalley': crud,
  '/devices/shift': ['add', 'edit', 'delete', 'import'],
  // Settlement: add closes a month, edit reopens it and keeps the apportionment rules; month registers of manually read meters.
  '/settlement/energy': ['add', 'edit'],
  '/settlement/power-month-record': editOnly,
  // Data completion: add completes a gap, delete undoes a completion.
  '/settings/completionHistory': ['add', 'delete'],
  // Prepaid: rooms are a resource (add, edit, delete, import); on /pay/room add also opens an account and edit
  // changes its settings, supply (cut, restore, keep-supply) and adjustments.
  '/pay/room': ['add', 'edit', 'delete', 'import'],
  '/pay/user-item': crud,
  // add: a counter top-up; edit: a refund.
  '/pay/pay-record': ['add', 'edit'],
  // add: issue a month's bills.
  '/pay/bill-record': ['add'],
  // edit: run a day, resolve a difference, record a cash-up.
  '/payment-statistics/reconciliation': editOnly,
  '/wx/wxUser': editOnly,
  '/wx/wxApp': editOnly,
  // Reports: definitions and their schedules; add generates a file, edit cancels one and manages public links, delete
  // removes files; bill analysis: add analyses a bill, edit keeps templates, delete removes analyses.
  '/report/reportConfig': crud,
  '/report/reportList': crud,
  '/settings/analyzePdf': crud,
  '/alarm-management/threshold': crud,
  // Industry modules. Ships, products, lines, output records and production equipment are resources (add, edit, delete,
  // import); the energy board's edit keeps targets and baselines. Imports: add imports a file, delete undoes an import,
  // edit keeps the fuel conversion factors; the comparison's edit keeps tolerances.
  '/energyLine/energy-board': editOnly,
  '/power-comparison/power-data-import': ['add', 'edit', 'delete', 'import'],
  '/power-comparison/oil-hydrogen-data-import': ['add', 'edit', 'delete', 'import'],
  '/power-comparison/power-data-comparison': editOnly,
  '/thirdinterfaces/generic-interfaces': ['add', 'delete'],
  // Inquiry: contact details and the handled flag of contact messages.
  '/inquiry/contactUs': editOnly,
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
