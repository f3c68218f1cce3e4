import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { SMTPServer } from 'smtp-server';
import { BILL_TEMPLATE_PRESETS } from '@shared/reports/billSchemas';
import type { ReportRunView } from '@shared/reports/types';
import { launchBrowser, watchErrors } from '@tests/support/browser';
import { writeBillPdf } from '../../server/reports/bills/billPdfWriter';
import { extractPdfText } from '../../server/reports/pdf/pdfText';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { activeInterfaceKey, apiData, bearerHeader, callApi } from './helpers/api';
import { apiToken, logIn, openTab, type ConsoleTab } from './helpers/console';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Reports acceptance on a real server (no demo, TIME_ZONE Asia/Shanghai), a real Chromium and a real SMTP server:
 * a definition made in the console from the "monthly department cost" template (split by month, so the month is a
 * merged head) with its live preview; XLSX and PDF generated from the console, read back cell by cell and as text;
 * a schedule's run now e-mailed with the PDF attached; a run shared, opened without login, revoked and expired;
 * two bills of the same month analysed on /settings/analyzePdf (one right, one with a wrong total).
 *
 * Set-up through the API: departments Assembly hall and Boiler house with one meter each, a flat tariff of
 * 0.8123 CNY/kWh on both, and readings over last month's end through the HTTP ingest (figures in SHEET_TEXTS).
 * Generated PDFs are kept in SHOTS (report-en/zh/es.pdf) for a look at their pages.
 */

const TZ = 'Asia/Shanghai';
/** Last month in TIME_ZONE (what the template's `lastMonth` covers) and its last day. */
const MONTH = dayjs().tz(TZ).startOf('month').subtract(1, 'month');
const LAST_DAY = MONTH.endOf('month').startOf('day');
const NEXT_MONTH = MONTH.add(1, 'month');
const local = (day: dayjs.Dayjs, hhmm: string) => dayjs.tz(`${day.format('YYYY-MM-DD')}T${hhmm}:00`, TZ).valueOf();

let server: RunningServer;
let browser: Browser;
let token: string;
let tab: ConsoleTab | undefined;
let smtp: Smtp;
let definitionId: number;
let xlsxRun: number;
let pdfRun: number;

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiData<T>(server.url, token, method, path, body);

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SEED_DEMO: 'off', SIMULATOR: 'off', TIME_ZONE: TZ });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);

  const assembly = await api<{ id: number }>('POST', '/api/departments', { name: 'Assembly hall', code: 'E2E-ASM', parentId: null, sort: 1 });
  const boiler = await api<{ id: number }>('POST', '/api/departments', { name: 'Boiler house', code: 'E2E-BLR', parentId: null, sort: 2 });
  const gateway = await api<{ id: number }>('POST', '/api/gateways', { sn: 'E2E-RP-GW', name: 'Reports gateway', ownerUserId: 1 });
  const meter = (code: string, name: string, departmentId: number) =>
    api<{ id: number }>('POST', '/api/meters', {
      code,
      name,
      energyType: 'electricity',
      unit: 'kWh',
      ctRatio: 1,
      ptRatio: 1,
      ratedPowerKw: 500,
      gatewayId: gateway.id,
      departmentId,
    });
  await meter('E2E-RP-A', 'Assembly incomer', assembly.id);
  await meter('E2E-RP-B', 'Boiler incomer', boiler.id);
  const tariff = await api<{ id: number }>('POST', '/api/tariffs', { name: 'E2E Reports flat', energyType: 'electricity', currency: 'CNY' });
  await api('POST', `/api/tariffs/${tariff.id}/versions`, {
    validFrom: MONTH.subtract(1, 'month').format('YYYY-MM-DD'),
    definition: {
      prices: { flat: '0.8123' },
      seasons: [{ name: 'All year', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: [{ from: '00:00', to: '24:00', band: 'flat' }] } }],
    },
  });
  for (const department of [assembly, boiler])
    await api('POST', '/api/tariff-assignments', { tariffId: tariff.id, target: 'department', targetId: department.id });

  const key = await activeInterfaceKey(server.url, token, 'reports e2e');
  const readings = [
    ...(
      [
        ['23:30', 1000],
        ['23:45', 1040],
      ] as const
    ).map(([hhmm, kwh]) => ({ meter: 'E2E-RP-A', ts: local(LAST_DAY, hhmm), values: { kwh } })),
    { meter: 'E2E-RP-A', ts: local(NEXT_MONTH, '00:00'), values: { kwh: 1100 } },
    { meter: 'E2E-RP-A', ts: local(NEXT_MONTH, '00:15'), values: { kwh: 1130 } },
    { meter: 'E2E-RP-B', ts: local(LAST_DAY, '23:45'), values: { kwh: 500 } },
    { meter: 'E2E-RP-B', ts: local(NEXT_MONTH, '00:00'), values: { kwh: 525.5 } },
    { meter: 'E2E-RP-B', ts: local(NEXT_MONTH, '00:15'), values: { kwh: 540 } },
  ];
  const sent = await callApi<{ accepted: number }>(server.url, 'POST', '/api/ingest/readings', { readings }, { 'x-interface-key': key });
  expect(sent.data).toMatchObject({ accepted: readings.length });
}, 180_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await tab?.page.screenshot({ path: `${SHOTS}/failed-${context.task.name.slice(0, 24).replace(/\W+/g, '-')}.png`, fullPage: true }).catch(() => undefined);
});
afterAll(async () => {
  await tab?.context.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const NAME = 'E2E monthly departments';
const FROM = MONTH.format('YYYY-MM-DD');
const TO = MONTH.endOf('month').format('YYYY-MM-DD');
const MONTH_KEY = MONTH.format('YYYY-MM');
/**
 * The table by hand (flat 0.8123 CNY/kWh; the 23:45–00:00 interval is the last day's, so last month's):
 *   Assembly hall: (1040 − 1000) + (1100 − 1040) = 100 kWh → 81.23 CNY; Boiler house: 525.5 − 500 = 25.5 kWh →
 *   20.71365 → 20.71 CNY; total 10,194.365 minor units → 101.94 CNY; cost shares 81.23 ÷ 101.94365 = 79.7 %, 20.3 %.
 *   Last year has no readings: its columns are empty. The 00:00–00:15 intervals (30 and 14.5 kWh) are this month's.
 */
const SHEET_TEXTS = {
  head: [
    ['Department', MONTH_KEY],
    ['Energy (kWh)', 'Cost (CNY)', 'Cost share (%)', 'Cost last year (CNY)', 'Cost YoY (%)'],
  ],
  body: [
    ['Assembly hallE2E-ASM', '100.00', '81.23', '79.7', '', ''],
    ['Boiler houseE2E-BLR', '25.50', '20.71', '20.3', '', ''],
    ['Subtotal: Top level', '125.50', '101.94', '100.0', '', ''],
    ['Total', '125.50', '101.94', '100.0', '', ''],
  ],
};
const SHOTS = '/tmp/reports-acceptance-shots';

/** The console tab, signed in once as the administrator and kept for the whole suite, at `path`. */
async function openConsole(path: string): Promise<Page> {
  if (tab) {
    await tab.page.goto(`${server.url}${path}`);
    return tab.page;
  }
  tab = await openTab(browser);
  await tab.page.goto(`${server.url}${path}`);
  await logIn(tab.page);
  await tab.page.waitForURL(`${server.url}${path}`);
  return tab.page;
}

/** A ReportTableView's head and body as the reader sees them: one array of cell texts per row. */
function tableTexts(scope: Locator): Promise<{ head: string[][]; body: string[][] }> {
  return scope.getByTestId('report-table-view').evaluate((view) => {
    const rows = (selector: string) =>
      [...view.querySelectorAll(selector)].map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell as HTMLElement).innerText.trim()));
    return { head: rows('thead tr'), body: rows('tbody tr') };
  });
}

/** A file of a run as its bytes (the API with the admin's token). */
async function download(path: string): Promise<Buffer> {
  const response = await fetch(`${server.url}${path}`, { headers: bearerHeader(token) });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

interface Smtp {
  port: number;
  mails: { to: string[]; raw: string }[];
  close(): Promise<void>;
}

/** A real SMTP server on a free port (no auth, no TLS) that keeps every message whole. */
async function startSmtp(): Promise<Smtp> {
  const mails: Smtp['mails'] = [];
  const smtpServer = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtpServer.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtpServer.server.address() as { port: number }).port;
  return { port, mails, close: () => new Promise<void>((resolve) => smtpServer.close(() => resolve())) };
}

/** Text and attachments of a multipart mail as nodemailer writes it. */
function partsOf(raw: string): { text: string; attachments: { filename: string; contentType: string; bytes: Buffer }[] } {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  if (!boundary) throw new Error('not multipart');
  let text = '';
  const attachments: { filename: string; contentType: string; bytes: Buffer }[] = [];
  for (const part of raw.split(`--${boundary}`).slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    const content = part.slice(split + 4).replace(/\r\n$/, '');
    const decoded = /content-transfer-encoding: base64/i.test(head)
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
      : /content-transfer-encoding: quoted-printable/i.test(head)
        ? Buffer.from(
            content.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          )
        : Buffer.from(content, 'utf8');
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (filename) attachments.push({ filename, contentType: /content-type: ([^;\r\n]+)/i.exec(head)?.[1] ?? '', bytes: decoded });
    else text += decoded.toString('utf8');
  }
  return { text, attachments };
}

/** The bill view's checks table: rule, passed/failed, expected, on the bill. */
function checks(page: Page): Promise<string[][]> {
  return page
    .getByTestId('bill-analysis-view')
    .locator('.ant-table', { has: page.locator('[data-testid^="check-expected-"]') })
    .locator('tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.innerText.trim())));
}

/** The decoded Subject header (RFC 2047 encoded words, Q or B). */
function subjectOf(raw: string): string {
  const header = /^subject: (.*(?:\r\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return header.replace(/\?=\r\n[ \t]+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function withDatabase(write: (db: Database.Database) => void): void {
  const db = new Database(join(server.dataDir, 'energy.sqlite'));
  try {
    db.pragma('busy_timeout = 10000');
    write(db);
  } finally {
    db.close();
  }
}

describe('reports acceptance', () => {
  it('builds a definition from the monthly department template in the console; the live preview shows the figures', async () => {
    const page = await openConsole('/report/reportConfig');
    await page.getByTestId('definitions-add').click();
    await page.getByTestId('new-report-monthlyDepartmentCost').click();
    await page.getByTestId('definition-editor').waitFor();
    await page.getByTestId('editor-name').fill(NAME);
    // Split by month: the month becomes a merged group over the five columns (one slot: last month).
    await page.getByTestId('editor-split').click();
    const preview = page.getByTestId('editor-preview');
    await expect
      .poll(async () => (await preview.getAttribute('data-state')) === 'done' && (await preview.getByTestId('report-group-head').count()), { timeout: 15_000 })
      .toBe(1);
    expect(await tableTexts(preview)).toEqual(SHEET_TEXTS);
    await page.getByTestId('editor-save').click();
    await page.getByTestId('definition-editor').waitFor({ state: 'hidden' });
    const found = await api<{ rows: { id: number; template: string; spec: { splitByPeriod: boolean } }[] }>(
      'GET',
      `/api/report-definitions?keyword=${encodeURIComponent(NAME)}`,
    );
    expect(found.rows.map((row) => [row.template, row.spec.splitByPeriod])).toEqual([['monthlyDepartmentCost', true]]);
    definitionId = found.rows[0]!.id;
    await page.getByTestId(`definition-row-${definitionId}`).waitFor();
    expect(tab!.errors).toEqual([]);
  });

  it('generates XLSX and PDF from the console; both reach done on /report/reportList; the files hold the figures', async () => {
    const page = await openConsole('/report/reportConfig');
    await page.getByTestId(`definition-generate-${definitionId}`).click();
    // The dialog's test id sits on antd's modal root; its content is the visible part.
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('generate-start') });
    await dialog.waitFor();
    const finished = async (): Promise<number> => {
      const progress = dialog.locator('[data-testid^="run-progress-"]');
      await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
      return Number((await progress.getAttribute('data-testid'))!.replace('run-progress-', ''));
    };
    await page.getByTestId('generate-start').click(); // XLSX is the dialog's first choice
    xlsxRun = await finished();
    await page.getByTestId('generate-format').getByText('PDF', { exact: true }).click();
    await page.getByTestId('generate-start').click();
    await expect
      .poll(async () => Number((await dialog.locator('[data-testid^="run-progress-"]').getAttribute('data-testid'))!.replace('run-progress-', '')), {
        timeout: 10_000,
      })
      .not.toBe(xlsxRun);
    pdfRun = await finished();
    await page.getByTestId('generate-close').click();

    await page.goto(`${server.url}/report/reportList`);
    for (const id of [xlsxRun, pdfRun]) await expect.poll(() => page.getByTestId(`run-state-${id}`).innerText(), { timeout: 10_000 }).toBe('Done');
    const runs = await Promise.all([xlsxRun, pdfRun].map((id) => api<ReportRunView>('GET', `/api/report-runs/${id}`)));
    const fileName = `E2E_monthly_departments_${FROM}_${TO}`;
    expect(runs.map((run) => [run.format, run.state, run.period, run.fileName])).toEqual([
      ['xlsx', 'done', { from: FROM, to: TO }, `${fileName}.xlsx`],
      ['pdf', 'done', { from: FROM, to: TO }, `${fileName}.pdf`],
    ]);

    // The XLSX cell by cell: title, the month merged over its five columns, figures, SUBTOTAL formulas with their results.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(`/api/report-runs/${xlsxRun}/file`)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([NAME]);
    expect(values(2)).toEqual([`${FROM} – ${TO} · ${TZ}`]);
    expect(sheet.model.merges.sort()).toEqual(['A4:A5', 'B4:B5', 'C4:G4']);
    expect(sheet.getCell('C4').value).toBe(MONTH_KEY);
    expect(values(5)).toEqual(['Department', 'Code', 'Energy (kWh)', 'Cost (CNY)', 'Cost share (%)', 'Cost last year (CNY)', 'Cost YoY (%)']);
    expect(values(6)).toEqual(['Assembly hall', 'E2E-ASM', 100, 81.23, expect.closeTo(79.6812749, 6)]);
    expect(values(7)).toEqual(['Boiler house', 'E2E-BLR', 25.5, 20.71, expect.closeTo(20.3187251, 6)]);
    for (const [row, label] of [
      [8, 'Subtotal: Top level'],
      [9, 'Total'],
    ] as const) {
      expect(sheet.getCell(`A${row}`).value).toBe(label);
      expect(sheet.getCell(`C${row}`).value).toEqual({ formula: 'SUBTOTAL(9,C6:C7)', result: 125.5 });
      expect(sheet.getCell(`D${row}`).value).toEqual({ formula: 'SUBTOTAL(9,D6:D7)', result: 101.94 });
      expect(sheet.getCell(`E${row}`).value).toBe(100);
    }
    expect(sheet.getCell('C6').numFmt).toMatch(/0\.00/);

    // The PDF's text: title, period, the chart's month, the head, the rows and the footer.
    const pdf = await extractPdfText(await download(`/api/report-runs/${pdfRun}/file`));
    expect(pdf.pages).toHaveLength(1);
    const lines = pdf.pages[0]!;
    expect(lines.slice(0, 3)).toEqual([NAME, `${FROM} – ${TO} · ${TZ}`, 'Cost (CNY)']);
    expect(lines.join('\n')).toContain('Department Energy (kWh) Cost (CNY) (%) year (CNY) Cost YoY (%)');
    expect(lines.slice(-5)).toEqual([
      'Assembly hall E2E-ASM 100.00 81.23 79.7',
      'Boiler house E2E-BLR 25.50 20.71 20.3',
      'Subtotal: Top level 125.50 101.94 100.0',
      'Total 125.50 101.94 100.0',
      expect.stringMatching(/^Generated \d{4}-\d\d-\d\d \d\d:\d\d Page 1 of 1$/),
    ]);
    await writeFile(`${SHOTS}/report-en.pdf`, await download(`/api/report-runs/${pdfRun}/file`));

    // The same definition in Chinese and Spanish: labels from the reportFiles texts of the run's language.
    for (const [lang, words] of [
      ['zh', ['部门', '能耗 (kWh)', '合计 125.50 101.94 100.0']],
      ['es', ['Departamento', 'Total 125,50 101,94 100,0']],
    ] as const) {
      const run = await api<ReportRunView>('POST', '/api/report-runs', { definitionId, format: 'pdf', lang });
      await expect.poll(async () => (await api<ReportRunView>('GET', `/api/report-runs/${run.id}`)).state, { timeout: 20_000, interval: 200 }).toBe('done');
      const bytes = await download(`/api/report-runs/${run.id}/file`);
      await writeFile(`${SHOTS}/report-${lang}.pdf`, bytes);
      const text = (await extractPdfText(bytes)).pages[0]!.join('\n');
      for (const word of words) expect(text).toContain(word);
    }
    expect(tab!.errors).toEqual([]);
  });

  it('a schedule run now e-mails the file as an attachment to the local SMTP server', async () => {
    await api('PUT', '/api/push-channels/email', { enabled: true, host: '127.0.0.1', port: smtp.port, from: 'reports@plant.test' });
    const schedule = await api<{ id: number }>('POST', '/api/report-schedules', {
      definitionId,
      name: 'Monthly to the boss',
      cadence: 'monthly',
      monthDay: 1,
      time: '07:00',
      period: { preset: 'lastMonth' },
      formats: ['pdf'],
      lang: 'en',
      recipients: ['boss@plant.test'],
    });
    await api('POST', `/api/report-schedules/${schedule.id}/run-now`);
    await expect.poll(() => smtp.mails.length, { timeout: 30_000, interval: 250 }).toBe(1);
    const mail = smtp.mails[0]!;
    const { text, attachments } = partsOf(mail.raw);
    expect(mail.to).toEqual(['boss@plant.test']);
    expect(subjectOf(mail.raw)).toContain(NAME);
    expect(text).toContain(`Report: ${NAME}`);
    expect(text).toContain(`Period: ${FROM} – ${TO}`);
    expect(attachments.map((a) => a.filename)).toEqual([`E2E_monthly_departments_${FROM}_${TO}.pdf`]);
    const attached = attachments[0]!.bytes;
    expect(attached.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await extractPdfText(attached)).pages[0]).toContain('Total 125.50 101.94 100.0');
    // The delivery is recorded with the SMTP server's answer.
    await expect
      .poll(
        async () =>
          (
            await api<{ rows: { recipient: string; state: string; lastCode?: number | null }[] }>('GET', `/api/report-deliveries?scheduleId=${schedule.id}`)
          ).rows.map((d) => [d.recipient, d.state]),
        { timeout: 10_000 },
      )
      .toEqual([['boss@plant.test', 'sent']]);
  });

  it('shares a run: the public sheet opens without login, then says withdrawn after revoke and expired after the expiry', async () => {
    const page = await openConsole('/report/reportList');
    await page.getByTestId(`run-row-${pdfRun}`).getByTestId('share-report').click();
    await page.getByTestId('share-label').fill('For the auditors');
    await page.getByTestId('share-create').click();
    const url = await page.getByTestId('share-url').inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/report-sheet\\?token=[\\w-]{43}$`));
    const visitor = await browser.newContext();
    try {
      const sheet = await visitor.newPage();
      const errors = watchErrors(sheet);
      await sheet.goto(url);
      await sheet.getByTestId('report-sheet').waitFor();
      expect(await sheet.getByTestId('report-sheet-title').innerText()).toBe(NAME);
      expect(await tableTexts(sheet.getByTestId('report-sheet'))).toEqual(SHEET_TEXTS);
      const links = await api<{ id: number; label: string; views: number; state: string }[]>('GET', `/api/report-links?runId=${pdfRun}`);
      expect(links.map((link) => [link.label, link.views, link.state])).toEqual([['For the auditors', 1, 'active']]);

      await api('POST', `/api/report-links/${links[0]!.id}/revoke`);
      await sheet.reload();
      expect(await sheet.getByTestId('report-sheet-revoked').innerText()).toContain('This report link was withdrawn');

      // The shortest expiry the API allows is a day: the link's expiry is moved into the past in the database.
      const short = await api<{ id: number; url: string }>('POST', '/api/report-links', { target: 'run', runId: pdfRun, expiresInDays: 1 });
      withDatabase((db) => db.prepare('update report_links set expires_at = ? where id = ?').run(Date.now() - 60_000, short.id));
      await sheet.goto(short.url);
      expect(await sheet.getByTestId('report-sheet-expired').innerText()).toContain('This report link has expired');
      expect(errors.filter((error) => !/status of 410/.test(error))).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('analyses bills on /settings/analyzePdf: the month’s bill is ok, one with a wrong total is flagged with expected and actual', async () => {
    const preset = BILL_TEMPLATE_PRESETS.find((p) => p.key === 'englishUtility')!;
    await api('POST', '/api/bill-templates', { name: preset.name, utility: preset.utility, rules: preset.rules });
    const page = await openConsole('/settings/analyzePdf');
    const figures = {
      lang: 'en' as const,
      account: 'E2E-ACC-1',
      periodStart: MONTH.format('YYYY-MM-DD'),
      periodEnd: MONTH.endOf('month').format('YYYY-MM-DD'),
      bands: [
        { band: 'peak' as const, energy: 0, price: 1.2 },
        { band: 'flat' as const, energy: 125.5, price: 0.8123 },
        { band: 'valley' as const, energy: 0, price: 0.4 },
      ],
      demandCharge: 0,
    };
    await page.getByTestId('bill-upload').click();
    await page.locator('.ant-modal input[type=file]').setInputFiles({ name: 'bill-ok.pdf', mimeType: 'application/pdf', buffer: await writeBillPdf(figures) });
    await page.locator('.ant-modal').getByRole('button', { name: 'Analyse', exact: true }).click();
    const view = page.getByTestId('bill-analysis-view');
    await view.waitFor();
    await page.getByTestId('bill-state-ok').waitFor();
    expect(await checks(page)).toEqual([
      ['Peak: energy × price = amount', 'Passed', '0', '0'],
      ['Flat: energy × price = amount', 'Passed', '101.94', '101.94'],
      ['Valley: energy × price = amount', 'Passed', '0', '0'],
      ['Band amounts + demand charge = total amount', 'Passed', '101.94', '101.94'],
      ['Band energies = total energy', 'Passed', '125.5', '125.5'],
    ]);
    expect(await view.innerText()).toContain('Shoulder energy 125.5 kWh');
    await page.getByTestId('bill-back').click();
    await page.getByTestId('bill-upload').click();
    await page
      .locator('.ant-modal input[type=file]')
      .setInputFiles({ name: 'bill-wrong.pdf', mimeType: 'application/pdf', buffer: await writeBillPdf({ ...figures, totalAmount: 111.94 }) });
    await page.locator('.ant-modal').getByRole('button', { name: 'Analyse', exact: true }).click();
    await page.getByTestId('bill-state-flagged').waitFor();
    expect(await checks(page)).toEqual([
      ['Peak: energy × price = amount', 'Passed', '0', '0'],
      ['Flat: energy × price = amount', 'Passed', '101.94', '101.94'],
      ['Valley: energy × price = amount', 'Passed', '0', '0'],
      ['Band amounts + demand charge = total amount', 'Failed', '101.94', '111.94'],
      ['Band energies = total energy', 'Passed', '125.5', '125.5'],
    ]);
    expect(await page.getByTestId('check-expected-totalAmount').innerText()).toBe('101.94');
    expect(await page.getByTestId('check-actual-totalAmount').innerText()).toBe('111.94');
    expect(tab!.errors).toEqual([]);
  });
});
