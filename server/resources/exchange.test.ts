import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { createTestApp, bearer, loginAs, type TestApp } from '@tests/support/testApp';
import { multipartFile } from '@tests/support/multipart';
import { treeUser } from '@tests/support/trees';
import { resourceCaller } from './resourceKit.test-util';

let t: TestApp;
let token: string;
let api: ReturnType<typeof resourceCaller>;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app);
  api = resourceCaller(t, () => token);
});
afterAll(() => t.close());

async function download(url: string, as = token) {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(as) });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, text: response.body };
}

async function upload(path: string, mode: string, content: Buffer | string, fileName = 'rows.csv', as = token) {
  const { payload, contentType } = multipartFile(content, fileName);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${path}/import?mode=${mode}`,
    headers: { ...bearer(as), 'content-type': contentType },
    payload,
  });
  return { status: response.statusCode, ...(response.json() as { code: number; data: any; message: string }) };
}

async function sheetOf(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) =>
    rows.push(Array.from((row.values as unknown[]).slice(1), (cell) => (cell === null || cell === undefined ? '' : String(cell)))),
  );
  return rows;
}

const listOf = async (path: string, keyword: string) =>
  (await api('GET', `/api/${path}?size=100&keyword=${encodeURIComponent(keyword)}`)).data.rows as Record<string, unknown>[];
const withoutIds = (rows: Record<string, unknown>[], refs: Record<string, Map<unknown, unknown>> = {}) =>
  rows.map(({ id: _id, ...rest }) =>
    Object.fromEntries(
      Object.entries(rest).map(([key, value]) => [
        key,
        refs[key] ? (Array.isArray(value) ? value.map((v) => refs[key]!.get(v)) : refs[key]!.get(value)) : value,
      ]),
    ),
  );

describe('GET /api/<path>/export', () => {
  it('writes the filtered list as CSV with the labels of the chosen language, quoted, formulas defused', async () => {
    await api('POST', '/api/tags', { name: 'X-exp, "quoted"', color: '#112233' });
    await api('POST', '/api/tags', { name: '=HYPERLINK("http://evil.example")', color: '#445566' });
    await api('POST', '/api/tags', { name: 'Y-not-exported', color: '#000000' });
    const csv = await download('/api/tags/export?format=csv&lang=zh&keyword=x-exp');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="tags-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text).toBe('\uFEFF名称,颜色\r\n"X-exp, ""quoted""",#112233\r\n');

    const formula = await download('/api/tags/export?format=csv&lang=en&keyword=hyperlink');
    expect(formula.text).toBe('\uFEFFName,Colour\r\n"\'=HYPERLINK(""http://evil.example"")",#445566\r\n');
  });

  it('writes XLSX with references by name and enum and flag labels (Spanish), only the filtered rows', async () => {
    const department = (await api('POST', '/api/departments', { name: 'Export hall', code: 'X-HALL' })).data;
    const tag = (await api('POST', '/api/tags', { name: 'X-critical', color: '#FF0000' })).data;
    await api('POST', '/api/meters', {
      code: 'X-M1',
      name: 'Export water',
      energyType: 'water',
      unit: 'm3',
      departmentId: department.id,
      tagIds: [tag.id],
      isMain: true,
      installDate: '2024-03-01',
    });
    await api('POST', '/api/meters', { code: 'X-M2', name: 'Export power', energyType: 'electricity', unit: 'kWh' });
    const xlsx = await download('/api/meters/export?format=xlsx&lang=es&keyword=x-m&energyType=water');
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const [header, ...rows] = await sheetOf(xlsx.bytes);
    expect(header!.slice(0, 6)).toEqual(['Código', 'Nombre', 'Tipo de energía', 'Unidad', 'Departamento', 'Pasarela']);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((label, index) => [label, rows[0]![index]]));
    expect(row).toMatchObject({
      Código: 'X-M1',
      'Tipo de energía': 'Agua',
      Departamento: 'Export hall',
      Pasarela: '',
      'Relación TC': '1',
      'Medidor principal': 'Sí',
      'Fecha de instalación': '2024-03-01',
      Etiquetas: 'X-critical',
      Estado: 'Sin conexión',
    });
  });

  it("needs the read permission and keeps to the caller's tree", async () => {
    const outsider = await treeUser(t.app, 'export_tenant', ['/devices/tag']);
    const theirs = await download('/api/tags/export?format=csv', outsider.token);
    expect(theirs.text).toBe('\uFEFFName,Colour\r\n');
    const none = await treeUser(t.app, 'export_none', [], outsider.id);
    const refused = await download('/api/tags/export', none.token);
    expect([refused.status, JSON.parse(refused.text).code]).toEqual([403, ErrorCode.FORBIDDEN]);
    expect((await download('/api/tags/export?format=pdf')).status).toBe(400);
  });
});

describe('POST /api/<path>/import', () => {
  const file = [
    'Code,Name,Parent,Sort order',
    'T-IMP-1,Imported one,,1',
    'T-IMP-2,,,2',
    'T-IMP-3,Imported three,Nowhere,3',
    'T-IMP-1,Duplicate,,4',
    'T-IMP-5,Five,Imported one,x',
    'T-IMP-6,Six,Imported one,6',
  ].join('\n');

  it('previews: every bad row with its line and reason, nothing written', async () => {
    const preview = await upload('subitems', 'preview', file);
    expect(preview.code).toBe(0);
    expect(preview.data).toMatchObject({
      mode: 'preview',
      rows: 6,
      good: 2,
      bad: 4,
      written: 0,
      columns: ['code', 'name', 'parentId', 'sort'],
      ignoredColumns: [],
    });
    expect(preview.data.problems).toEqual([
      { line: 3, field: 'name', rule: 'required', reason: 'name: Please fill in this field' },
      { line: 4, field: 'parentId', rule: 'exists', reason: 'parentId: "Nowhere" does not exist' },
      { line: 5, field: 'code', rule: 'unique', reason: 'code "T-IMP-1" is already used' },
      { line: 6, field: 'sort', rule: 'number', reason: 'sort: Must be a number' },
    ]);
    expect(preview.data.preview[1]).toEqual({ line: 3, cells: { code: 'T-IMP-2', name: '', parentId: '', sort: '2' } });
    expect(await listOf('subitems', 'T-IMP')).toEqual([]);
  });

  it('allOrNothing writes nothing when a row is bad; keepGood writes the good rows, a parent named by a row above', async () => {
    const none = await upload('subitems', 'allOrNothing', file);
    expect(none.data).toMatchObject({ good: 2, bad: 4, written: 0 });
    expect(none.message).toBe('Imported 0 of 6 rows');
    expect(await listOf('subitems', 'T-IMP')).toEqual([]);

    const kept = await upload('subitems', 'keepGood', file);
    expect(kept.data).toMatchObject({ good: 2, bad: 4, written: 2 });
    const rows = await listOf('subitems', 'T-IMP');
    expect(rows.map((row) => row.code)).toEqual(['T-IMP-1', 'T-IMP-6']);
    expect(rows[1]!.parentId).toBe(rows[0]!.id);

    const allGood = await upload('subitems', 'allOrNothing', 'code,name\nT-IMP-7,Seven\nT-IMP-8,Eight\n');
    expect(allGood.data).toMatchObject({ good: 2, bad: 0, written: 2 });
    expect((await listOf('subitems', 'T-IMP')).length).toBe(4);
  });

  it('counts lines of the file: a quoted cell over two lines, blank lines, the header is line 1', async () => {
    const result = await upload('tags', 'preview', 'Name,Colour\n\nT-L1,#000000\n"T-L2\nsecond line",#000000\nT-L3,red\n');
    expect(result.data.problems).toEqual([
      { line: 4, field: 'name', rule: 'controlCharacters', reason: 'name: must not contain control characters' },
      { line: 6, field: 'color', rule: 'colour', reason: 'color: Colour must be #RRGGBB, e.g. #409EFF' },
    ]);
    expect(result.data.preview.map((row: { line: number }) => row.line)).toEqual([3, 4, 6]);
  });

  it('refuses what is not a sheet of rows, each with its own message', async () => {
    const asJson = await api('POST', '/api/tags/import', { rows: [] });
    expect([asJson.status, asJson.code, asJson.message]).toEqual([400, ErrorCode.VALIDATION_FAILED, 'Choose a CSV or XLSX file to import']);
    expect((await upload('tags', 'preview', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'picture.png')).message).toBe(
      'The file is neither CSV nor XLSX',
    );
    expect((await upload('tags', 'preview', 'Colour of the sky,Weight\nblue,3\n')).message).toBe('Line 1 must name the columns, as an export does');
    expect((await upload('tags', 'preview', 'Name,Colour\n')).message).toBe('The file has no rows below its header');
    expect((await upload('tags', 'later', 'Name,Colour\nA,#000000\n')).message).toBe('querystring.mode: mode must be preview, keepGood or allOrNothing');
    const big = await upload('tags', 'preview', `Name,Colour\n${'A,#000000\n'.repeat(5001)}`);
    expect(big.message).toBe('At most 5000 rows can be imported at once');
    // Past the upload limit (5 MB, as for pictures): 413, nothing read into a sheet.
    const huge = await upload('tags', 'preview', `Name,Colour\n${'x'.repeat(5 * 1024 * 1024)}\n`);
    expect([huge.status, huge.code, huge.message]).toEqual([413, ErrorCode.BODY_TOO_LARGE, 'The request body is too large']);
  });

  it("needs <menu>/import, and names only rows of the caller's tree", async () => {
    const viewer = await treeUser(t.app, 'import_viewer', ['/devices/tag']);
    const refused = await upload('tags', 'preview', 'Name,Colour\nA,#000000\n', 'rows.csv', viewer.token);
    expect([refused.status, refused.code]).toEqual([403, ErrorCode.FORBIDDEN]);

    const tenant = await treeUser(t.app, 'import_tenant', ['/base/device', '/base/device/import']);
    const result = await upload(
      'meters',
      'keepGood',
      'Code,Name,Energy type,Unit,Department\nT-TEN-1,Tenant meter,Electricity,kWh,Main Plant\nT-TEN-2,Tenant meter 2,Agua,m3,\n',
      'rows.csv',
      tenant.token,
    );
    expect(result.data.problems).toEqual([{ line: 2, field: 'departmentId', rule: 'exists', reason: 'departmentId: "Main Plant" does not exist' }]);
    expect(result.data.written).toBe(1);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/meters?keyword=T-TEN', headers: bearer(tenant.token) });
    expect(theirs.json().data.rows).toMatchObject([{ code: 'T-TEN-2', energyType: 'water', departmentId: null }]);
  });
});

describe('export → import gives the same rows', () => {
  it('CSV: sub-items with their parents', async () => {
    const top = (await api('POST', '/api/subitems', { code: 'RT-TOP', name: 'Round trip, top', sort: 2 })).data;
    await api('POST', '/api/subitems', { code: 'RT-CHILD', name: '=1+1 child', parentId: top.id, sort: 5 });
    const before = await listOf('subitems', 'RT-');
    const csv = await download('/api/subitems/export?format=csv&lang=es&keyword=RT-');
    expect((await api('DELETE', '/api/subitems', { ids: before.map((row) => row.id).reverse() })).code).toBe(0);
    // The child's parent is written by name in the row after it: rows are exported in list order (sort), so the parent comes first.
    const imported = await upload('subitems', 'allOrNothing', csv.bytes);
    expect(imported.data).toMatchObject({ rows: 2, bad: 0, written: 2, ignoredColumns: [] });
    const after = await listOf('subitems', 'RT-');
    const codeOf = (rows: Record<string, unknown>[]) => new Map(rows.map((row) => [row.id, row.code]));
    expect(withoutIds(after, { parentId: codeOf(after) })).toEqual(withoutIds(before, { parentId: codeOf(before) }));
  });

  it('XLSX: meters with department, sub-item, tags, flags, dates and enums', async () => {
    const department = (await api('POST', '/api/departments', { name: 'Round trip hall', code: 'RT-HALL' })).data;
    const subitem = (await api('POST', '/api/subitems', { code: 'RT-SUB', name: 'Round trip lighting' })).data;
    const tagA = (await api('POST', '/api/tags', { name: 'RT-a', color: '#010203' })).data;
    const tagB = (await api('POST', '/api/tags', { name: 'RT-b', color: '#040506' })).data;
    await api('POST', '/api/meters', {
      code: 'RT-M1',
      name: 'Round trip gas',
      energyType: 'gas',
      unit: 'm3',
      departmentId: department.id,
      subitemId: subitem.id,
      tagIds: [tagA.id, tagB.id],
      isMain: true,
      installDate: '2023-12-31',
      ctRatio: 2.5,
      ratedPowerKw: 75,
    });
    await api('POST', '/api/meters', { code: 'RT-M2', name: 'Round trip plain', energyType: 'electricity', unit: 'kWh' });
    const before = await listOf('meters', 'RT-M');
    const xlsx = await download('/api/meters/export?format=xlsx&lang=zh&keyword=RT-M');
    await api('DELETE', '/api/meters', { ids: before.map((row) => row.id) });
    const imported = await upload('meters', 'allOrNothing', xlsx.bytes, 'meters.xlsx');
    expect(imported.data).toMatchObject({ rows: 2, bad: 0, written: 2, ignoredColumns: ['状态', '最后在线'] });
    expect(withoutIds(await listOf('meters', 'RT-M'))).toEqual(withoutIds(before));
  });
});
