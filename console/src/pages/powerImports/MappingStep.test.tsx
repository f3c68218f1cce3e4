// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import type { UploadInspection } from '@shared/powerImports/api';
import type { ImportsApi } from './importsApi';
import { ImportWizardController } from './ImportWizardController';
import { MappingStep } from './MappingStep';
import { renderInProviders } from './testRender.test-util';

/** Headers that hint at nothing, so the draft starts with no column chosen. */
const inspection: UploadInspection = {
  uploadId: 5,
  kind: 'power',
  fileName: 'utility.csv',
  format: 'csv',
  sizeBytes: 300,
  expiresAt: 0,
  suggestedDateFormat: 'YYYY-MM-DD HH:mm',
  sheets: [
    {
      name: 'utility',
      rowCount: 4,
      columns: [
        { index: 0, name: 'A' },
        { index: 1, name: 'B' },
        { index: 2, name: 'C' },
      ],
      rows: [
        ['A', 'B', 'C'],
        ['2026-03-01 00:00', 'M001', '12.5'],
        ['2026-03-01 01:00', 'M001', '13'],
        ['2026-03-01 02:00', 'M002', '7.25'],
        ['2026-03-01 03:00', 'M002', '8'],
      ],
      dateColumns: [],
    },
  ],
};

function fakeApi(preview: ImportsApi['preview'] = vi.fn()): ImportsApi {
  return {
    kind: 'power',
    upload: vi.fn(async () => inspection),
    preview,
    start: vi.fn(),
    batch: vi.fn(),
    batches: vi.fn(),
    errors: vi.fn(),
    rows: vi.fn(),
    undo: vi.fn(),
    options: vi.fn(async () => [{ id: 3, name: 'M003 Boiler house' }]),
  };
}

async function mapped(api: ImportsApi, language: 'en' | 'zh' = 'en') {
  const wizard = new ImportWizardController(api, 'Asia/Shanghai');
  await wizard.upload(new Blob(['x']), 'utility.csv');
  renderInProviders(<MappingStep wizard={wizard} loadObjects={api.options} />, language);
  await screen.findByTestId('mapping-step');
  return wizard;
}

/** Opens a column picker and clicks the column with this header. */
async function chooseColumn(field: string, header: string) {
  const select = screen.getByTestId(`mapping-select-${field}`);
  fireEvent.mouseDown(within((select.closest('.ant-select') as HTMLElement) ?? select).getByRole('combobox'));
  const options = await screen.findAllByTitle(header);
  fireEvent.click(options.at(-1)!);
}

const problemUnder = (field: string) => screen.queryByTestId(`mapping-problem-${field}`)?.textContent ?? null;

// antd's first paint in jsdom takes seconds on a busy machine; each test opens several selects.
describe('MappingStep', { timeout: 45_000 }, () => {
  afterEach(cleanup);

  it('asks for every needed field once the person tries to go on, and sends nothing', async () => {
    const preview = vi.fn();
    const wizard = await mapped(fakeApi(preview));
    // Nothing is marked while the form is fresh.
    expect(problemUnder('periodStart')).toBeNull();
    // No header hints at a field: start, value and the object (a fixed one, none chosen) are missing; the zone is the default.
    expect(wizard.draft).toMatchObject({ periodStart: null, value: null, objectMode: 'fixed', objectId: null, endKind: 'interval', timeZone: 'Asia/Shanghai' });
    fireEvent.click(screen.getByTestId('mapping-next'));
    await waitFor(() => expect(problemUnder('periodStart')).toBe('Choose this'));
    expect(problemUnder('value')).toBe('Choose this');
    expect(problemUnder('object')).toBe('Choose this');
    // The hour-long interval and the zone need nothing more.
    expect(problemUnder('periodEnd')).toBeNull();
    expect(problemUnder('timeZone')).toBeNull();
    expect(preview).not.toHaveBeenCalled();
  });

  it('shows a column’s sample values under the field that reads it', async () => {
    await mapped(fakeApi());
    await chooseColumn('value', 'C');
    // The first three data cells of column C, below the header row.
    const samples = await screen.findByTestId('mapping-samples-value');
    expect([...samples.querySelectorAll('code')].map((cell) => cell.textContent)).toEqual(['12.5', '13', '7.25']);
    await chooseColumn('periodStart', 'A');
    expect(screen.getByTestId('mapping-samples-periodStart').textContent).toContain('2026-03-01 00:00');
  });

  it('refuses a column used for two fields at once, in the reader’s language', async () => {
    const preview = vi.fn();
    const wizard = await mapped(fakeApi(preview), 'zh');
    await chooseColumn('periodStart', 'A');
    await chooseColumn('value', 'A');
    // Shown before any try: the later field is blamed, the first keeps the column.
    await waitFor(() => expect(problemUnder('value')).toBe('该列已用于另一个字段'));
    expect(problemUnder('periodStart')).toBeNull();
    fireEvent.click(screen.getByTestId('mapping-next'));
    expect(preview).not.toHaveBeenCalled();
    // Another column for the value clears it.
    await chooseColumn('value', 'C');
    await waitFor(() => expect(problemUnder('value')).toBeNull());
    expect(wizard.draft).toMatchObject({ periodStart: 0, value: 2 });
  });

  it('sends a complete mapping and shows the server’s refusal under its field', async () => {
    const refusal = new ApiError(
      40000,
      'body.mapping.timeZone: is not an IANA time zone',
      { issues: [{ field: 'body.mapping.timeZone', message: 'is not an IANA time zone (e.g. Asia/Shanghai)' }] },
      400,
    );
    const preview = vi.fn(async () => {
      throw refusal;
    });
    const wizard = await mapped(fakeApi(preview));
    await chooseColumn('periodStart', 'A');
    await chooseColumn('value', 'C');
    fireEvent.click(within(screen.getByTestId('mapping-object-mode')).getByText('Code column'));
    await chooseColumn('object', 'B');
    fireEvent.click(screen.getByTestId('mapping-next'));
    await waitFor(() => expect(problemUnder('timeZone')).toBe('is not an IANA time zone (e.g. Asia/Shanghai)'));
    expect(preview).toHaveBeenCalledWith(5, {
      sheet: 'utility',
      headerRow: 1,
      periodStart: 0,
      periodEnd: { kind: 'interval', interval: 'hour' },
      value: 2,
      object: { kind: 'column', column: 1, objectKind: 'meter' },
      timeZone: 'Asia/Shanghai',
      dateFormat: 'YYYY-MM-DD HH:mm',
      unit: 'kWh',
    });
    expect(wizard.step).toBe('mapping');
  });
});
