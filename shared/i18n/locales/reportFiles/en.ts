/**
 * Texts written into generated reports (web view, CSV, XLSX, PDF) by the server, in the report's language; zh.ts and es.ts
 * hold the same keys.
 */
export const reportFilesEn = {
  total: 'Total',
  subtotal: 'Subtotal',
  page: 'Page {{page}} of {{pages}}',
  generated: 'Generated {{time}}',
  estimatedNote: '* includes estimated (completed) data',
  noData: 'No data for this period',
};
