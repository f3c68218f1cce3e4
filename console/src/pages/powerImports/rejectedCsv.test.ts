import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import type { ImportRowError } from '@shared/powerImports/api';
import { allRejectedRows, csvCell, rejectedFileName, rejectedRowsCsv } from './rejectedCsv';

const error = (line: number, patch: Partial<ImportRowError> = {}): ImportRowError => ({
  line,
  reason: 'badNumber',
  column: 'kWh',
  value: 'abc',
  detail: 'not a number',
  otherBatchId: null,
  otherLine: null,
  ...patch,
});

describe('rejected rows as CSV', () => {
  it('writes line, column, cell and the reason in the reader’s language, quoting and defusing cells', () => {
    const t = createI18n('zh').t;
    const csv = rejectedRowsCsv(t, [error(3), error(7, { reason: 'duplicateInFile', column: 'Start, local', value: '=1+1', otherLine: 2 })]);
    expect(csv).toBe('\uFEFF行号,列,值,原因\r\n3,kWh,abc,不是数字\r\n7,"Start, local",\'=1+1,与文件第 2 行的时段重叠\r\n');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(rejectedFileName(createI18n('en').t, { fileName: 'utility.2026-11.xlsx', id: 4 })).toBe('utility.2026-11-rejected.csv');
  });

  it('collects every page of a batch’s rejected rows', async () => {
    // 1 203 rows in pages of 500: 500 + 500 + 203, three calls
    const rows = Array.from({ length: 1203 }, (_, index) => error(index + 2));
    const errors = vi.fn(async (_id: number, query: { page: number; size: number }) => ({
      items: rows.slice((query.page - 1) * query.size, query.page * query.size),
      total: rows.length,
      page: query.page,
      size: query.size,
    }));
    const all = await allRejectedRows({ errors }, 9);
    expect(all).toHaveLength(1203);
    expect(all.at(-1)?.line).toBe(1204);
    expect(errors).toHaveBeenCalledTimes(3);
  });
});
