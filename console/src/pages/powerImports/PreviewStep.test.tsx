// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FuelPreview, PowerPreview } from '@shared/powerImports/api';
import { PreviewStep } from './PreviewStep';
import { renderInProviders } from './testRender.test-util';

// 2026-03-01 00:00 in Shanghai (UTC+8) is 2026-02-28 16:00 UTC.
const MARCH_1 = Date.UTC(2026, 1, 28, 16);
const HOUR = 3_600_000;

const power: PowerPreview = {
  kind: 'power',
  totalRows: 1204,
  goodRows: 1201,
  badRows: 3,
  byReason: { unknownObject: 1, duplicateInFile: 1, badDate: 1 },
  errors: [
    { line: 4, reason: 'unknownObject', column: 'Meter', value: 'M999', detail: 'no meter M999', otherBatchId: null, otherLine: null },
    { line: 7, reason: 'duplicateInFile', column: 'Start', value: '2026-03-01 01:00', detail: 'overlaps line 3', otherBatchId: null, otherLine: 3 },
    { line: 9, reason: 'badDate', column: 'Start', value: '2026-02-30 00:00', detail: 'not a date', otherBatchId: null, otherLine: null },
  ],
  errorsTruncated: false,
  periodFrom: MARCH_1,
  periodTo: MARCH_1 + 2 * HOUR,
  objects: 2,
  // 1.5 MWh = 1 500 kWh
  sample: [
    {
      line: 2,
      objectKind: 'meter',
      objectId: 1,
      code: 'M001',
      name: 'Plant incomer',
      periodStart: MARCH_1,
      periodEnd: MARCH_1 + HOUR,
      value: 1.5,
      unit: 'MWh',
      kwh: 1500,
    },
  ],
  totalKwh: 1234567.5,
};

function renderPreview(preview: PowerPreview | FuelPreview, language: 'en' | 'zh' = 'en') {
  const onImport = vi.fn();
  const onBack = vi.fn();
  renderInProviders(<PreviewStep preview={preview} timeZone="Asia/Shanghai" onBack={onBack} onImport={onImport} />, language);
  return { onImport, onBack };
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

// antd's first paint in jsdom takes seconds on a busy machine.
describe('PreviewStep', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('lists each rejected row with its line, column, cell and reason', async () => {
    renderPreview(power);
    expect(cells(await screen.findByTestId('preview-error-4'))).toEqual(['4', 'Meter', 'M999', 'No such meter or department']);
    // The colliding line is named.
    expect(cells(screen.getByTestId('preview-error-7'))).toEqual(['7', 'Start', '2026-03-01 01:00', 'Overlaps line 3 of the file']);
    expect(cells(screen.getByTestId('preview-error-9'))[3]).toBe('Not a date in the chosen format, or a time the zone skips');
    expect(screen.getByTestId('preview-reasons').textContent).toContain('No such meter or department: 1');
  });

  it('counts the rows and shows the normalised sample on the file’s clock', async () => {
    const { onImport } = renderPreview(power);
    expect((await screen.findByTestId('preview-total')).textContent).toContain('1,204');
    expect(screen.getByTestId('preview-good').textContent).toContain('1,201');
    expect(screen.getByTestId('preview-bad').textContent).toContain('3');
    expect(screen.getByTestId('preview-kwh').textContent).toContain('1,234,567.5');
    expect(screen.getByTestId('preview-period').textContent).toContain('2026-03-01 00:00 – 02:00');
    const sample = within(screen.getByTestId('preview-sample')).getAllByRole('row')[1]!;
    expect(cells(sample)).toEqual(['2', 'M001 Plant incomer', '2026-03-01 00:00 – 01:00', '1.5 MWh', '1,500']);
    fireEvent.click(screen.getByTestId('preview-import'));
    expect(onImport).toHaveBeenCalledOnce();
    expect(screen.getByTestId('preview-import').textContent).toBe('Import 1,201 rows');
  });

  it('says when nothing can be imported and offers no import (zh)', async () => {
    renderPreview({ ...power, goodRows: 0, badRows: 1204, sample: [], periodFrom: null, periodTo: null }, 'zh');
    expect((await screen.findByTestId('preview-nothing')).textContent).toContain('没有可导入的行');
    expect(screen.getByTestId('preview-import')).toHaveProperty('disabled', true);
    expect(cells(screen.getByTestId('preview-error-7'))[3]).toBe('与文件第 3 行的时段重叠');
  });

  it('shows fuel rows converted with their fuel and unit', async () => {
    const fuel: FuelPreview = {
      ...power,
      kind: 'fuel',
      errors: [],
      byReason: {},
      badRows: 0,
      // 1 000 L diesel × 0.84 kg/L = 840 kg; × 42.652 MJ/kg / 3.6 = 9 952.13 kWh; × 1.4571 = 1 223.96 kgce; × 3.0959 = 2 600.56 kg CO2
      sample: [
        {
          line: 2,
          objectKind: 'department',
          objectId: 4,
          code: 'D-HALL-A',
          name: 'Hall A',
          fuel: 'diesel',
          periodStart: MARCH_1,
          periodEnd: MARCH_1 + 24 * HOUR,
          quantity: 1000,
          unit: 'L',
          kg: 840,
          kwh: 9952.133333,
          kgce: 1223.964,
          co2Kg: 2600.556,
          factor: { id: null, fuel: 'diesel', validFrom: null, builtIn: true },
        },
      ],
      totals: [{ fuel: 'diesel', kg: 840, kwh: 9952.133333, kgce: 1223.964, co2Kg: 2600.556 }],
    };
    renderPreview(fuel);
    expect(await screen.findByTestId('preview-no-errors')).toBeTruthy();
    const sample = within(screen.getByTestId('preview-sample')).getAllByRole('row')[1]!;
    expect(cells(sample)).toEqual(['2', 'D-HALL-A Hall A', 'Diesel', '2026-03-01 00:00 – 2026-03-02 00:00', '1,000 L', '9,952.133', '1,223.964', '2,600.556']);
    expect(screen.getByTestId('preview-fuel-totals').textContent).toContain('Diesel: 9,952.133 kWh');
  });
});
