import type { AnyWidgetDescriptor } from '../widgetDescriptor';
import { reportTableWidget } from './report-table/descriptor';

/** Report widgets: one line per widget; texts in the reportWidgets namespace. */
export const REPORT_WIDGETS: AnyWidgetDescriptor[] = [reportTableWidget];
