import { ALARM_SCREENS, ALARM_SCREEN_OF_KIND } from '@shared/schemas/alarms';

/** The screens that grant the alarm calls: a user with none of them gets no bell (the server would refuse). */
export const ALERT_SCREENS = ALARM_SCREENS;

/** The alerts list each kind of alarm is handled in. */
export const ALERT_SCREEN_OF_KIND = ALARM_SCREEN_OF_KIND;

export const hasAnyAlertScreen = (hasRoute: (fullpath: string) => boolean): boolean => ALERT_SCREENS.some(hasRoute);
