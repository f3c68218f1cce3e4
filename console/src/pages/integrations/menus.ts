/** The keys screen's menu full path: its route permission and the `<menu>/add|delete` buttons hang on it. */
export const KEYS_MENU = '/thirdinterfaces/generic-interfaces';
