import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { insertSubUser } from '@tests/support/users';
import { resourceCaller } from './resourceKit.test-util';

let t: TestApp;
let token: string | undefined;
let api: ReturnType<typeof resourceCaller>;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app);
  api = resourceCaller(t, () => token);
});
afterAll(() => t.close());

const meter = {
  code: 'T-M100',
  name: 'Test feeder',
  energyType: 'electricity',
  unit: 'kWh',
  ctRatio: 40,
  ptRatio: 1,
  ratedPowerKw: 55,
  installDate: '2024-03-01',
};

describe('/api/meters', () => {
  it('lists the seeded demo meters with filters and keyword search', async () => {
    const all = await api('GET', '/api/meters?size=100');
    expect(all.data.total).toBeGreaterThanOrEqual(30);
    expect(all.data.rows[0]).toMatchObject({ code: 'M001', name: 'Plant incomer', energyType: 'electricity', online: false });
    // The demo tags it "Critical load" (server/seed/demoTags.ts).
    const tags = (await api('GET', '/api/tags?size=100')).data.rows as { id: number; name: string }[];
    expect(all.data.rows[0].tagIds).toEqual(tags.filter((tag) => tag.name === 'Critical load').map((tag) => tag.id));
    const water = (await api('GET', '/api/meters?energyType=water&size=100')).data.rows as { energyType: string }[];
    expect(water.length).toBeGreaterThan(0);
    expect(water.every((row) => row.energyType === 'water')).toBe(true);
    expect((await api('GET', '/api/meters?keyword=incomer')).data.rows.map((r: { code: string }) => r.code)).toEqual(['M001', 'M040']);
    expect((await api('GET', '/api/meters?energyType=steam')).code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('creates a meter with tags and a sub-item, updates and deletes it', async () => {
    const tag = (await api('POST', '/api/tags', { name: 'T-critical', color: '#FF0000' })).data;
    const subitem = (await api('POST', '/api/subitems', { code: 'T-SUB', name: 'Test sub-item' })).data;
    const created = await api('POST', '/api/meters', { ...meter, tagIds: [tag.id], subitemId: subitem.id, isMain: true });
    expect(created.data).toMatchObject({
      ...meter,
      tagIds: [tag.id],
      subitemId: subitem.id,
      isMain: true,
      registerMax: 99_999_999,
      online: false,
      lastSeenAt: null,
    });
    const updated = await api('PUT', `/api/meters/${created.data.id}`, { ...meter, ctRatio: 80, tagIds: [] });
    expect(updated.data).toMatchObject({ ctRatio: 80, tagIds: [], isMain: false, subitemId: null });
    expect((await api('DELETE', `/api/meters/${created.data.id}`)).code).toBe(0);
  });

  it('validates CT/PT ratios, rating, register maximum, date, energy type and references', async () => {
    const post = (change: object) => api('POST', '/api/meters', { ...meter, ...change });
    expect((await post({ ctRatio: 0 })).message).toBe('body.ctRatio: Must be greater than 0');
    expect((await post({ ptRatio: -1 })).message).toBe('body.ptRatio: Must be greater than 0');
    expect((await post({ registerMax: 0 })).message).toBe('body.registerMax: Must be greater than 0');
    expect((await post({ ratedPowerKw: 'lots' })).message).toBe('body.ratedPowerKw: Must be a number');
    expect((await post({ installDate: '2024-02-30' })).message).toBe('body.installDate: Date must be a real calendar date');
    expect((await post({ installDate: '2024-2-3' })).message).toBe('body.installDate: Date must be YYYY-MM-DD');
    expect((await post({ energyType: 'steam' })).message).toBe('body.energyType: Please choose a value');
    expect((await post({ departmentId: 9999 })).message).toBe('departmentId: 9999 does not exist');
    expect((await post({ code: 'M001' })).message).toBe('code "M001" is already used');
  });

  it('keeps online and last seen read-only', async () => {
    const created = (await api('POST', '/api/meters', { ...meter, code: 'T-M101', online: true, lastSeenAt: 5 })).data;
    expect(created).toMatchObject({ online: false, lastSeenAt: null });
  });

  it('lets a sub-user with /base/device read but not add; no token → TOKEN_MISSING', async () => {
    await insertSubUser(t.app, { username: 'meter-viewer', password: 'Secret!234' });
    const subToken = await loginAs(t.app, 'meter-viewer', 'Secret!234');
    const asSub = resourceCaller(t, () => subToken);
    expect((await asSub('GET', '/api/meters')).code).toBe(0);
    expect(await asSub('POST', '/api/meters', { ...meter, code: 'T-M102' })).toMatchObject({ status: 403, code: ErrorCode.FORBIDDEN });
    expect((await asSub('DELETE', '/api/meters/1')).code).toBe(ErrorCode.FORBIDDEN);
    token = undefined;
    expect((await api('GET', '/api/meters')).code).toBe(ErrorCode.TOKEN_MISSING);
  });

  it('applies an edited CT ratio to the very next reading (ingestion forgets its copy of the meters)', async () => {
    token = await loginAs(t.app);
    const before = await t.app.ingest.directory.get();
    const m012 = before.meterByCode.get('M012')!;
    expect(m012.profile.ctRatio).toBe(1);
    const row = (await api('GET', '/api/meters?keyword=M012')).data.rows[0];
    expect((await api('PUT', `/api/meters/${row.id}`, { ...row, ctRatio: 40 })).code).toBe(0);
    expect((await t.app.ingest.directory.get()).meterByCode.get('M012')!.profile.ctRatio).toBe(40);
  });
});
