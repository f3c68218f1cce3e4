/** The sharing parts the screens use: the public-link button and a target's links (shared with the public report sheet). */
export { ShareReportButton } from '../../reports/ShareReportButton';
export { ReportLinksTable } from '../../reports/ReportLinksTable';
