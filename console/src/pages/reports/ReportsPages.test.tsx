// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeReply } from '@shared/api/fakeAdapter.test-util';
import { REPORT_RULES, reportDefinitionBodySchema } from '@shared/reports/spec';
import type { ReportTable } from '@shared/reports/table';
import type { ReportDefinitionView, ReportRunView } from '@shared/reports/types';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

const user = (admin: boolean): UserInfo => ({
  _id: admin ? 1 : 2,
  username: admin ? 'admin' : 'viewer',
  trueName: admin ? 'Ada Admin' : 'Vic Viewer',
  email: 'a@b.c',
  avatar: '',
  introduction: '',
  father: 0,
  roles: [admin ? { _id: 1, name: 'admin' } : { _id: 2, name: 'reader' }],
  status: true,
  type: 0,
});

const definition: ReportDefinitionView = {
  id: 7,
  name: 'Plant energy',
  description: 'Every meter, last month',
  template: 'dailyEnergy',
  spec: reportDefinitionBodySchema.shape.spec.parse({
    objects: { kind: 'meter' },
    columns: [
      { id: 'c1', kind: 'metric', metric: 'energy' },
      { id: 'c2', kind: 'metric', metric: 'cost' },
    ],
  }),
  ownerUserId: 1,
  createdBy: 'admin',
  createdAt: Date.parse('2026-10-01T08:00:00Z'),
  updatedAt: Date.parse('2026-10-02T08:00:00Z'),
  schedules: 2,
};

const run = (id: number, over: Partial<ReportRunView> = {}): ReportRunView => ({
  id,
  definitionId: 7,
  scheduleId: null,
  name: 'Plant energy',
  format: 'xlsx',
  lang: 'en',
  period: { from: '2026-10-01', to: '2026-10-31' },
  paper: null,
  state: 'done',
  progress: 1,
  error: null,
  fileName: 'plant-energy.xlsx',
  sizeBytes: 14_540,
  downloads: 3,
  requestedBy: 'admin',
  createdAt: Date.parse('2026-11-01T08:00:00Z'),
  startedAt: Date.parse('2026-11-01T08:00:01Z'),
  finishedAt: Date.parse('2026-11-01T08:00:05Z'),
  expiresAt: Date.parse('2027-01-30T08:00:00Z'),
  ...over,
});

const table: ReportTable = {
  title: 'Preview',
  subtitle: '2026-10-01 – 2026-10-31 · Asia/Shanghai',
  lang: 'en',
  timeZone: 'Asia/Shanghai',
  generatedAt: 0,
  period: { from: '2026-10-01', to: '2026-10-31' },
  base: null,
  rowHeader: 'Meter',
  columns: [{ key: 'c1', sourceId: 'c1', label: 'Energy', unit: 'kWh', decimals: 2, kind: 'number', metric: 'energy', total: 'sum' }],
  rows: [{ kind: 'data', label: 'Main incomer', code: 'M-1', level: 0, cells: [1234.5], estimated: [] }],
  chart: null,
  notes: [],
};

type Answers = Partial<Record<string, (body: unknown) => FakeReply>>;

function renderReports(path: string, answers: Answers = {}, options: { language?: 'en' | 'zh' | 'es'; routers?: string[]; admin?: boolean } = {}) {
  const sent: { route: string; body: unknown }[] = [];
  const defaults: Answers = {
    'GET /report-definitions': () => envelope({ rows: [definition], total: 1 }),
    'GET /report-templates': () => envelope([]),
    'GET /meters/options': () => envelope([{ id: 1, name: 'Main incomer' }]),
    'POST /report-preview': () => envelope(table),
    'GET /report-runs': () => envelope({ rows: [run(3)], total: 1 }),
    'GET /report-settings': () => envelope({ retentionDays: 90 }),
    'GET /report-deliveries': () => envelope([]),
  };
  const me = user(options.admin ?? true);
  const view = renderConsole({
    path,
    token: 'jwt',
    language: options.language ?? 'en',
    ...(options.routers ? { routers: options.routers } : {}),
    server: (route, body) => {
      sent.push({ route, body });
      return (answers[route] ?? defaults[route])?.(body) ?? envelope(me);
    },
  });
  return { ...view, sent };
}

const FIRST_PAINT = { timeout: 30_000 };
const findFirst = (testId: string) => screen.findByTestId(testId, {}, FIRST_PAINT);
const rawKeys = () => document.body.textContent?.match(/\breports\.[\w.]+/g) ?? [];

/** Opens a select by its test id and clicks the option with this text. */
async function choose(testId: string, label: string): Promise<void> {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select.querySelector('input') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].filter((node) => node.textContent === label).pop();
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

/** The error texts antd shows under the field holding this test id. */
const fieldError = (testId: string) =>
  [...(screen.getByTestId(testId).closest('.ant-form-item')?.querySelectorAll('.ant-form-item-explain-error') ?? [])]
    .map((node) => node.textContent)
    .join(' | ');

describe('report screens', { timeout: 90_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('builds the definition body from the editor: a band column, a comparison and a formula column; the preview shows the table', async () => {
    const { sent } = renderReports('/report/reportConfig', { 'POST /report-definitions': () => envelope({ ...definition, id: 8 }) });
    fireEvent.click(await findFirst('definitions-add'));
    fireEvent.click(await screen.findByTestId('new-report-blank'));
    const name = await screen.findByTestId('editor-name');
    fireEvent.change(name, { target: { value: 'Bands and ratio' } });
    // The blank report's one column (c1: energy) compared with last year, as a change in percent.
    await choose('column-0-compare', 'Last year');
    await choose('column-0-show', 'Change %');
    // A second metric column: peak-band energy.
    fireEvent.click(screen.getByTestId('column-add-metric'));
    await screen.findByTestId('column-1-metric');
    await choose('column-1-metric', 'Band energy');
    await choose('column-1-band', 'Peak');
    // A formula column: c1 ÷ c2.
    fireEvent.click(screen.getByTestId('column-add-formula'));
    await screen.findByTestId('column-2-op');
    await choose('column-2-op', 'A ÷ B');
    await choose('column-2-a', 'c1 · Energy');
    await choose('column-2-b', 'c2 · Band energy');
    // The live preview asked for the spec once it parsed, and draws the answer.
    await waitFor(() => expect(within(screen.getByTestId('editor-preview')).getByText('Main incomer')).toBeTruthy(), { timeout: 5000 });
    await waitFor(
      () => {
        const previews = sent.filter((request) => request.route === 'POST /report-preview');
        expect((previews.at(-1)!.body as { spec: { columns: unknown[] } }).spec.columns).toHaveLength(3);
      },
      { timeout: 5000 },
    );

    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(sent.some((request) => request.route === 'POST /report-definitions')).toBe(true));
    const body = sent.find((request) => request.route === 'POST /report-definitions')!.body as { name: string; template: null; spec: Record<string, unknown> };
    expect(body.name).toBe('Bands and ratio');
    expect(body.template).toBeNull();
    expect(body.spec.columns).toEqual([
      { id: 'c1', kind: 'metric', metric: 'energy', compare: { mode: 'lastYear', show: 'percent' } },
      { id: 'c2', kind: 'metric', metric: 'bandEnergy', band: 'peak' },
      { id: 'c3', kind: 'formula', op: 'ratio', a: 'c1', b: 'c2' },
    ]);
    expect(body.spec.objects).toEqual({ kind: 'meter', ids: [], energyType: null });
    expect(body.spec.period).toEqual({ preset: 'lastMonth' });
    expect(body.spec.base).toBeNull();
    expect(reportDefinitionBodySchema.safeParse(body).success).toBe(true);
    expect(rawKeys()).toEqual([]);
  });

  it('reports on production lines: the kind picker offers lines, lists them from their options and takes output', async () => {
    const { sent } = renderReports('/report/reportConfig', {
      'POST /report-definitions': () => envelope({ ...definition, id: 9 }),
      'GET /product-lines/options': () => envelope([{ id: 41, name: 'PRESS-1 · Press line 1' }]),
    });
    fireEvent.click(await findFirst('definitions-add'));
    fireEvent.click(await screen.findByTestId('new-report-blank'));
    fireEvent.change(await screen.findByTestId('editor-name'), { target: { value: 'Line output' } });
    await choose('editor-kind', 'Production line');
    await choose('editor-objects', 'PRESS-1 · Press line 1');
    fireEvent.click(screen.getByTestId('column-add-metric'));
    await screen.findByTestId('column-1-metric');
    await choose('column-1-metric', 'Output (standard units)');
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(sent.some((request) => request.route === 'POST /report-definitions')).toBe(true));
    const body = sent.find((request) => request.route === 'POST /report-definitions')!.body as { spec: Record<string, unknown> };
    expect(sent.some((request) => request.route === 'GET /product-lines/options')).toBe(true);
    expect(body.spec.objects).toEqual({ kind: 'line', ids: [41], energyType: null });
    expect(body.spec.columns).toEqual([
      { id: 'c1', kind: 'metric', metric: 'energy' },
      { id: 'c2', kind: 'metric', metric: 'output' },
    ]);
    expect(reportDefinitionBodySchema.safeParse(body).success).toBe(true);
    expect(rawKeys()).toEqual([]);
  });

  it('reports on ships: the kind picker offers ships from their options, swaps energy for fuel and offers one fuel type', async () => {
    const { sent } = renderReports('/report/reportConfig', {
      'POST /report-definitions': () => envelope({ ...definition, id: 10 }),
      'GET /ships/options': () => envelope([{ id: 7, name: 'Ocean Pioneer' }]),
    });
    fireEvent.click(await findFirst('definitions-add'));
    fireEvent.click(await screen.findByTestId('new-report-blank'));
    fireEvent.change(await screen.findByTestId('editor-name'), { target: { value: 'Fleet fuel' } });
    expect(screen.getByTestId('editor-energy-type')).toBeTruthy();
    await choose('editor-kind', 'Ship');
    await choose('editor-objects', 'Ocean Pioneer');
    // Ships burn fuel: no energy type to choose, and the blank report's energy column became a fuel column.
    expect(screen.queryByTestId('editor-energy-type')).toBeNull();
    await choose('column-0-fuel', 'Heavy fuel oil (HFO)');
    fireEvent.click(screen.getByTestId('column-add-metric'));
    await screen.findByTestId('column-1-metric');
    await choose('column-1-metric', 'CO₂ (t)');
    fireEvent.click(screen.getByTestId('column-add-metric'));
    await screen.findByTestId('column-2-metric');
    await choose('column-2-metric', 'Distance (nm)');
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(sent.some((request) => request.route === 'POST /report-definitions')).toBe(true));
    const body = sent.find((request) => request.route === 'POST /report-definitions')!.body as { spec: Record<string, unknown> };
    expect(sent.some((request) => request.route === 'GET /ships/options')).toBe(true);
    expect(body.spec.objects).toEqual({ kind: 'ship', ids: [7], energyType: null });
    expect(body.spec.groupBy).toBe('none');
    expect(body.spec.columns).toEqual([
      { id: 'c1', kind: 'metric', metric: 'fuel', fuel: 'hfo' },
      { id: 'c2', kind: 'metric', metric: 'co2' },
      { id: 'c3', kind: 'metric', metric: 'distance' },
    ]);
    expect(reportDefinitionBodySchema.safeParse(body).success).toBe(true);
    expect(rawKeys()).toEqual([]);
  });

  it('shows a refused save’s issue under its column field, in Chinese', async () => {
    renderReports(
      '/report/reportConfig',
      {
        'PUT /report-definitions/7': () => ({
          status: 400,
          body: { code: 40000, data: { issues: [{ field: 'body.spec.columns.1.compare', message: REPORT_RULES.needsBase }] }, message: 'Invalid request' },
        }),
      },
      { language: 'zh' },
    );
    fireEvent.click(await findFirst('definition-edit-7'));
    await screen.findByTestId('column-1-compare');
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(fieldError('column-1-compare')).toBe('与基准期对比需要设置基准期'));
    expect(fieldError('column-0-compare')).toBe('');
  });

  it('checks a field on blur with the contract: a formula over a later column', async () => {
    renderReports('/report/reportConfig');
    fireEvent.click(await findFirst('definitions-add'));
    fireEvent.click(await screen.findByTestId('new-report-blank'));
    fireEvent.click(await screen.findByTestId('column-add-formula'));
    await screen.findByTestId('column-1-op');
    await choose('column-1-op', 'A − B');
    await choose('column-1-a', 'c1 · Energy');
    // No B: the server's rule, in the reader's language, under B once the field is left.
    fireEvent.blur(screen.getByTestId('column-1-b').querySelector('input')!);
    await waitFor(() => expect(fieldError('column-1-b')).toBe('This formula needs a second column'));
  });

  it('posts the generate dialog’s run request, follows its progress and offers the download', async () => {
    let polls = 0;
    const { sent } = renderReports('/report/reportConfig', {
      'POST /report-runs': () => envelope(run(9, { state: 'queued', progress: 0, format: 'pdf' })),
      'GET /report-runs/9': () => {
        polls += 1;
        return envelope(
          polls < 2 ? run(9, { state: 'running', progress: 0.5, format: 'pdf' }) : run(9, { state: 'done', format: 'pdf', fileName: 'plant.pdf' }),
        );
      },
    });
    fireEvent.click(await findFirst('definition-generate-7'));
    const dialog = await screen.findByTestId('generate-dialog');
    fireEvent.click(within(dialog).getByText('PDF'));
    await choose('generate-period', 'Last 7 days');
    await choose('generate-lang', 'Spanish');
    await choose('generate-orientation', 'Portrait');
    fireEvent.click(screen.getByTestId('generate-start'));
    await waitFor(() => expect(sent.some((request) => request.route === 'POST /report-runs')).toBe(true));
    expect(sent.find((request) => request.route === 'POST /report-runs')!.body).toEqual({
      definitionId: 7,
      format: 'pdf',
      lang: 'es',
      period: { preset: 'last7Days' },
      paper: { size: 'A4', orientation: 'portrait' },
    });
    await waitFor(() => expect(screen.getByTestId('run-progress-9').textContent).toContain('Generating… 50%'), { timeout: 5000 });
    expect(screen.getByTestId('generate-cancel')).toBeTruthy();
    await screen.findByTestId('generate-download', {}, { timeout: 5000 });
    expect(screen.getByTestId('run-progress-9').textContent).toContain('plant.pdf');
  });

  it('lists a running run with its progress and a cancel that asks the server', async () => {
    const running = run(4, { state: 'running', progress: 0.42, sizeBytes: 0 });
    const { sent } = renderReports('/report/reportList', {
      'GET /report-runs': () => envelope({ rows: [running, run(3)], total: 2 }),
      'POST /report-runs/4/cancel': () => envelope({ ...running, state: 'cancelled' }),
    });
    const progress = await findFirst('run-progress-4');
    expect(progress.textContent).toContain('Generating… 42%');
    expect(progress.querySelector('.ant-progress')).toBeTruthy();
    expect(screen.queryByTestId('run-cancel-3')).toBeNull();
    expect(screen.getByTestId('run-download-3')).toBeTruthy();
    expect(screen.getByTestId('run-state-3').textContent).toBe('Done');
    fireEvent.click(screen.getByTestId('run-cancel-4'));
    fireEvent.click(await screen.findByTestId('run-cancel-4-confirm'));
    await waitFor(() => expect(sent.some((request) => request.route === 'POST /report-runs/4/cancel')).toBe(true));
    // An administrator sees the retention setting with the server's value.
    expect((screen.getByTestId('retention-days').querySelector('input') ?? screen.getByTestId('retention-days')).getAttribute('value')).toBe('90');
    expect(rawKeys()).toEqual([]);
  });

  it('hides the write buttons from a reader without them', async () => {
    const routers = ['/report', '/report/reportConfig', '/report/reportList'];
    renderReports('/report/reportConfig', {}, { routers, admin: false });
    await findFirst('definition-row-7');
    expect(screen.getByTestId('definition-schedules-7')).toBeTruthy();
    for (const hidden of ['definitions-add', 'definition-edit-7', 'definition-delete-7', 'definition-generate-7'])
      expect(screen.queryByTestId(hidden)).toBeNull();
    cleanup();

    renderReports(
      '/report/reportList',
      { 'GET /report-runs': () => envelope({ rows: [run(4, { state: 'running', progress: 0.1 })], total: 1 }) },
      { routers, admin: false },
    );
    await findFirst('run-row-4');
    for (const hidden of ['run-cancel-4', 'run-delete-4', 'retention']) expect(screen.queryByTestId(hidden)).toBeNull();
  });

  it('shows the write buttons to a role holding them', async () => {
    const routers = [
      '/report',
      '/report/reportConfig',
      '/report/reportConfig/add',
      '/report/reportConfig/edit',
      '/report/reportList',
      '/report/reportList/add',
    ];
    renderReports('/report/reportConfig', {}, { routers, admin: false });
    await findFirst('definition-row-7');
    for (const shown of ['definitions-add', 'definition-edit-7', 'definition-generate-7']) expect(screen.getByTestId(shown)).toBeTruthy();
    expect(screen.queryByTestId('definition-delete-7')).toBeNull();
  });
});
