/** The menu full paths (permission keys) of the web service screens. */
export const CONFIG_MENU = '/settings/webServiceConfig';
export const RECORDS_MENU = '/msg/webServiceRecord';
