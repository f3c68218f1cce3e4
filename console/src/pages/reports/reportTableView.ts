/** The computed-report view the screens draw with: the shared one (also drawn on the public report sheet). */
export { ReportTableView } from '../../reports/ReportTableView';
