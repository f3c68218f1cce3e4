import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';

/** The working calendar: a platform setting every tree reads and only administrators write. 2031 is a year no seed touches. */
let t: TestApp;
let admin: string;
let shiftUser: TreeUser;
let tariffUser: TreeUser;
let nobody: TreeUser;

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => callAs(t.app, token, method, url, payload);
const year = async (token: string, y = 2031) =>
  (await as(token, 'GET', `/api/calendar-days?year=${y}`)).body.data as { day: string; dayType: string; name: string; stored: boolean }[];
const dayOf = async (day: string) => (await year(admin, Number(day.slice(0, 4)))).find((entry) => entry.day === day)!;
const jobs = () => t.app.storage.db.selectFrom('recompute_jobs').selectAll().where('reason', '=', 'calendar').orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, timeZone: 'Asia/Shanghai' });
  admin = await loginAs(t.app);
  shiftUser = await treeUser(t.app, 'shift_reader', ['/devices/shift', '/devices/shift/edit', '/devices/shift/import']);
  tariffUser = await treeUser(t.app, 'tariff_reader', ['/devices/peakvalley']);
  nobody = await treeUser(t.app, 'no_screens', []);
}, 60_000);
afterAll(() => t.close());

describe('calendar days', () => {
  it('answers every day of the year with its default type when nothing is stored', async () => {
    const days = await year(admin);
    expect(days).toHaveLength(365);
    // 1 January 2031 is a Wednesday, 4 January a Saturday, 5 January a Sunday.
    expect(days[0]).toEqual({ day: '2031-01-01', dayType: 'workday', name: '', defaultType: 'workday', stored: false });
    expect(days[3]).toMatchObject({ day: '2031-01-04', dayType: 'weekend', stored: false });
    expect(days[4]).toMatchObject({ day: '2031-01-05', dayType: 'weekend', stored: false });
    expect(await year(admin, 2032)).toHaveLength(366);
  });

  it('stores a holiday, queues a calendar recompute for that day, and deletes the entry when set back to the default', async () => {
    const before = (await jobs()).length;
    const saved = await as(admin, 'PUT', '/api/calendar-days/2031-10-01', { dayType: 'holiday', name: '国庆节' });
    expect(saved.body.code).toBe(0);
    expect(saved.body.data).toMatchObject({ day: '2031-10-01', dayType: 'holiday', name: '国庆节', stored: true });
    expect(await dayOf('2031-10-01')).toMatchObject({ dayType: 'holiday', name: '国庆节', stored: true });
    const queued = (await jobs()).slice(before);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ from_day: '2031-10-01', to_day: '2031-10-01', meter_ids: '[]' });
    // The runner is kicked at once: the job may already be running or done.
    expect(['queued', 'running', 'done']).toContain(queued[0]!.state);
    expect(saved.body.data.recomputeJobId).toBe(queued[0]!.id);

    // Renaming keeps the type: nothing to recompute.
    await as(admin, 'PUT', '/api/calendar-days/2031-10-01', { dayType: 'holiday', name: 'National Day' });
    expect((await jobs()).length).toBe(before + 1);

    // 1 October 2031 is a Wednesday: setting it to workday deletes the entry (and its name).
    const back = await as(admin, 'PUT', '/api/calendar-days/2031-10-01', { dayType: 'workday', name: 'ignored' });
    expect(back.body.data).toMatchObject({ dayType: 'workday', name: '', stored: false });
    expect(await t.app.storage.db.selectFrom('calendar_days').select('day').where('day', '=', '2031-10-01').executeTakeFirst()).toBeUndefined();
    expect((await jobs()).length).toBe(before + 2);
  });

  it('keeps an adjusted working Saturday with its name until it is deleted', async () => {
    await as(admin, 'PUT', '/api/calendar-days/2031-10-11', { dayType: 'workday', name: '调休' });
    expect(await dayOf('2031-10-11')).toMatchObject({ dayType: 'workday', name: '调休', defaultType: 'weekend', stored: true });
    const removed = await as(admin, 'DELETE', '/api/calendar-days/2031-10-11');
    expect(removed.body.data).toMatchObject({ dayType: 'weekend', stored: false });
  });

  it('refuses bad input with the field and a clear message', async () => {
    const badType = await as(admin, 'PUT', '/api/calendar-days/2031-05-01', { dayType: 'party', name: '' });
    expect(badType.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(badType.body.message).toBe('body.dayType: must be workday, weekend, holiday or special');
    const badDay = await as(admin, 'PUT', '/api/calendar-days/2031-02-30', { dayType: 'holiday', name: '' });
    expect(badDay.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(badDay.body.message).toContain('Enter a date as YYYY-MM-DD');
    const badYear = await as(admin, 'GET', '/api/calendar-days?year=twenty');
    expect(badYear.body.code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('is read with the shift or the tariff screen and written by administrators only', async () => {
    expect(await year(shiftUser.token)).toHaveLength(365);
    expect(await year(tariffUser.token)).toHaveLength(365);
    expect((await as(nobody.token, 'GET', '/api/calendar-days?year=2031')).status).toBe(403);
    const refused = await as(shiftUser.token, 'PUT', '/api/calendar-days/2031-05-01', { dayType: 'holiday', name: 'Labour Day' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN);
    const importRefused = await as(shiftUser.token, 'POST', '/api/calendar-days/import', { csv: 'day,type,name\n2031-05-01,holiday,x\n', dryRun: true });
    expect(importRefused.status).toBe(403);
    expect(await t.app.storage.db.selectFrom('calendar_days').select('day').where('day', '=', '2031-05-01').executeTakeFirst()).toBeUndefined();
  });
});

describe('calendar import', () => {
  // Line 1 header; 2 good holiday; 3 Chinese type on a Sunday; 4 not a date; 5 unknown type; 6 the day of line 2 again;
  // 7 default type on a weekday (deletes, stored as nothing); 8 special day.
  const csv = [
    'day,type,name',
    '2031-05-01,holiday,Labour Day',
    '2031-05-04,工作日,调休',
    '2031-02-30,holiday,Nowhere',
    '2031-05-02,party,Fun',
    '2031-05-01,holiday,Again',
    '2031-05-06,workday,Plain Tuesday',
    '2031-07-15,special,Heat peak',
  ].join('\n');

  it('previews without writing: good rows, and bad rows with their line and reason', async () => {
    const answer = await as(admin, 'POST', '/api/calendar-days/import', { csv, dryRun: true });
    expect(answer.body.code).toBe(0);
    expect(answer.body.message).toBe('Checked');
    expect(answer.body.data).toMatchObject({ dryRun: true, rows: 7, good: 4, bad: 3, written: 0, recomputeJobId: null });
    expect(answer.body.data.problems).toEqual([
      { line: 4, field: 'day', rule: 'date', reason: '2031-02-30 is not a date (YYYY-MM-DD)' },
      { line: 5, field: 'type', rule: 'enum', reason: '"party" is not a day type: use workday, weekend, holiday or special' },
      { line: 6, field: 'day', rule: 'unique', reason: '2031-05-01 is already on line 2' },
    ]);
    expect(answer.body.data.preview.map((row: { line: number; dayType: string }) => [row.line, row.dayType])).toEqual([
      [2, 'holiday'],
      [3, 'workday'],
      [7, 'workday'],
      [8, 'special'],
    ]);
    expect((await dayOf('2031-05-01')).stored).toBe(false);
  });

  it('keeps the good rows and queues one recompute over the changed days', async () => {
    const before = (await jobs()).length;
    const answer = await as(admin, 'POST', '/api/calendar-days/import', { csv, dryRun: false });
    expect(answer.body.message).toBe('Imported 4 of 7 rows');
    expect(answer.body.data).toMatchObject({ written: 4, bad: 3 });
    expect(await dayOf('2031-05-01')).toMatchObject({ dayType: 'holiday', name: 'Labour Day' });
    expect(await dayOf('2031-05-04')).toMatchObject({ dayType: 'workday', name: '调休', defaultType: 'weekend' });
    expect(await dayOf('2031-05-06')).toMatchObject({ dayType: 'workday', stored: false });
    expect(await dayOf('2031-07-15')).toMatchObject({ dayType: 'special', name: 'Heat peak' });
    const queued = (await jobs()).slice(before);
    expect(queued).toHaveLength(1);
    // Changed types: 05-01, 05-04, 07-15 (05-06 stayed a workday).
    expect(queued[0]).toMatchObject({ from_day: '2031-05-01', to_day: '2031-07-15' });
    expect(JSON.parse(queued[0]!.detail)).toEqual({ days: ['2031-05-01', '2031-05-04', '2031-07-15'] });
  });

  it('refuses a file without the columns or without rows', async () => {
    const noColumns = await as(admin, 'POST', '/api/calendar-days/import', { csv: 'when,what\n2031-01-01,holiday\n' });
    expect(noColumns.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'Line 1 must name the columns day,type,name' });
    const noRows = await as(admin, 'POST', '/api/calendar-days/import', { csv: 'day,type,name\n' });
    expect(noRows.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'The file has no rows below its header' });
  });
});
