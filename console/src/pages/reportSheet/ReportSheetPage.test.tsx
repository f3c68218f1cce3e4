// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors';
import { createI18n } from '@shared/i18n/createI18n';
import type { ReportSheetView } from '@shared/reports/types';
import { installBrowserGaps } from '../../testing/renderConsole.test-util';
import type { ReportSheetApi } from '../../reports/reportLinksApi';
import { fileSizeText, ReportSheetPage } from './ReportSheetPage';

vi.mock('../../charts/EChart', () => ({ EChart: () => <div data-testid="echart" /> }));

beforeAll(() => installBrowserGaps());
afterEach(cleanup);

const sheet: ReportSheetView = {
  target: 'run',
  name: 'January energy',
  expiresAt: Date.UTC(2026, 1, 28, 4),
  table: {
    title: 'January energy',
    subtitle: '2026-01-01 – 2026-01-31 · Asia/Shanghai',
    lang: 'en',
    timeZone: 'Asia/Shanghai',
    generatedAt: Date.UTC(2026, 1, 1),
    period: { from: '2026-01-01', to: '2026-01-31' },
    base: null,
    rowHeader: 'Meter',
    columns: [{ key: 'energy', sourceId: 'energy', label: 'Energy', unit: 'kWh', decimals: 1, kind: 'number', metric: 'energy', total: 'sum' }],
    rows: [{ kind: 'data', label: 'Main feeder', code: 'M001', level: 0, cells: [1520.25], estimated: [] }],
    chart: null,
    notes: [],
  },
  file: { fileName: 'january-energy.xlsx', format: 'xlsx', sizeBytes: 2048 },
};

function renderPage(answer: () => Promise<ReportSheetView>, language: 'en' | 'zh' | 'es' = 'en', path = '/report-sheet?token=abc_DEF-123') {
  const calls: string[] = [];
  const api: ReportSheetApi = {
    sheet: (token) => (calls.push(token), answer()),
    fileUrl: (token) => `/api/report-sheets/${token}/file`,
  };
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MemoryRouter initialEntries={[path]}>
        <ReportSheetPage api={api} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return calls;
}

const refused = (code: number, status: number, message: string) => () => Promise.reject(new ApiError(code, message, null, status));

describe('ReportSheetPage', () => {
  it("shows the sheet's title, period, expiry, table and the file's download for the token in the address", async () => {
    const calls = renderPage(async () => sheet);
    expect((await screen.findByTestId('report-sheet-title')).textContent).toBe('January energy');
    expect(calls).toEqual(['abc_DEF-123']);
    expect(screen.getByTestId('report-sheet-period').textContent).toBe('Period: 2026-01-01 – 2026-01-31');
    expect(screen.getByTestId('report-sheet-expiry').textContent).toContain('This link works until 2026-02-28');
    const download = screen.getByTestId('report-sheet-download');
    expect(download.getAttribute('href')).toBe('/api/report-sheets/abc_DEF-123/file');
    expect(download.textContent).toContain('Download XLSX (2.0 KB)');
    expect(screen.getByText('1,520.3')).toBeTruthy();
  });

  it('says an unknown link does not exist, full page, in the browser language', async () => {
    renderPage(refused(ErrorCode.NOT_FOUND, 404, 'This report link does not exist'), 'zh');
    const page = await screen.findByTestId('report-sheet-notFound');
    expect(page.textContent).toContain('此报表链接不存在');
    expect(screen.queryByTestId('report-sheet')).toBeNull();
  });

  it('says a revoked link was withdrawn', async () => {
    renderPage(refused(ErrorCode.REPORT_LINK_REVOKED, 410, 'This report link was revoked'), 'es');
    expect((await screen.findByTestId('report-sheet-revoked')).textContent).toContain('Este enlace de informe fue retirado');
  });

  it('says an expired link has expired', async () => {
    renderPage(refused(ErrorCode.REPORT_LINK_EXPIRED, 410, 'This report link has expired'));
    const page = await screen.findByTestId('report-sheet-expired');
    expect(page.textContent).toContain('This report link has expired');
    expect(page.textContent).toContain('Ask the sender for a new link.');
  });

  it('asks nothing of the server when the address has no token', async () => {
    const calls = renderPage(async () => sheet, 'en', '/report-sheet');
    expect((await screen.findByTestId('report-sheet-notFound')).textContent).toContain('The address has no link token.');
    expect(calls).toEqual([]);
  });

  it('writes file sizes in B, KB and MB', () => {
    expect([fileSizeText(12), fileSizeText(2048), fileSizeText(5 * 1024 * 1024 + 1)]).toEqual(['12 B', '2.0 KB', '5.0 MB']);
  });
});
