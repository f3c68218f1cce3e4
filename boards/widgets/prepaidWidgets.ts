import type { AnyWidgetDescriptor } from '../widgetDescriptor';
import { prepaidOverviewWidget } from './prepaid-overview/descriptor';
import { roomCreditWidget } from './room-credit/descriptor';

/** Prepaid widgets: one line per widget; texts in the prepaidWidgets namespace. */
export const PREPAID_WIDGETS: AnyWidgetDescriptor[] = [prepaidOverviewWidget, roomCreditWidget];
