import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { loadEffectiveTariffs } from '../tariffs/effectiveTariffs';
import { resourceCaller } from './resourceKit.test-util';

let t: TestApp;
let token: string;
let api: ReturnType<typeof resourceCaller>;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  token = await loginAs(t.app);
  api = resourceCaller(t, () => token);
});
afterAll(() => t.close());

async function accepted(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) {
  const answer = await api(method, url, body);
  expect(answer, `${method} ${url}`).toMatchObject({ code: 0 });
  return answer.data;
}

const assignments = () =>
  t.app.storage.db.selectFrom('tariff_assignments').select(['tariff_id', 'target', 'target_id']).orderBy('target').orderBy('target_id').execute();

describe('tariff assignments go with the meter or department they name', () => {
  it('deletes a meter’s and a department’s assignments with them, and leaves the others', async () => {
    const tariff = await accepted('POST', '/api/tariffs', { name: 'Cleanup TOU', energyType: 'electricity' });
    const site = await accepted('POST', '/api/departments', { name: 'Cleanup site', code: 'CL-SITE' });
    const hall = await accepted('POST', '/api/departments', { name: 'Cleanup hall', code: 'CL-HALL', parentId: site.id });
    const kept = await accepted('POST', '/api/meters', { code: 'CL-KEEP', name: 'Kept', energyType: 'electricity', unit: 'kWh', departmentId: site.id });
    const gone = await accepted('POST', '/api/meters', { code: 'CL-GONE', name: 'Gone', energyType: 'electricity', unit: 'kWh', departmentId: site.id });
    for (const [target, targetId] of [
      ['department', site.id],
      ['department', hall.id],
      ['meter', kept.id],
      ['meter', gone.id],
    ] as const)
      await accepted('POST', '/api/tariff-assignments', { tariffId: tariff.id, target, targetId });
    expect(await assignments()).toHaveLength(4);

    await accepted('DELETE', `/api/meters/${gone.id}`);
    await accepted('DELETE', `/api/departments/${hall.id}`);
    expect(await assignments()).toEqual([
      { tariff_id: tariff.id, target: 'department', target_id: site.id },
      { tariff_id: tariff.id, target: 'meter', target_id: kept.id },
    ]);
    // The screen's list agrees.
    const listed = await accepted('GET', `/api/tariff-assignments?tariffId=${tariff.id}`);
    expect(listed.items.map((item: { target: string; targetId: number }) => `${item.target}:${item.targetId}`).sort()).toEqual([
      `department:${site.id}`,
      `meter:${kept.id}`,
    ]);
  });

  it('gives a meter made after a deleted one (SQLite may reuse its id) no tariff of the deleted one', async () => {
    const tariff = await accepted('POST', '/api/tariffs', { name: 'Reuse TOU', energyType: 'electricity' });
    const first = await accepted('POST', '/api/meters', { code: 'CL-FIRST', name: 'First', energyType: 'electricity', unit: 'kWh' });
    await accepted('POST', '/api/tariff-assignments', { tariffId: tariff.id, target: 'meter', targetId: first.id });
    expect((await loadEffectiveTariffs(t.app.storage.db)).get(first.id)).toBe(tariff.id);
    await accepted('DELETE', `/api/meters/${first.id}`);
    const next = await accepted('POST', '/api/meters', { code: 'CL-NEXT', name: 'Next', energyType: 'electricity', unit: 'kWh' });
    const effective = await loadEffectiveTariffs(t.app.storage.db);
    expect(effective.get(next.id)).toBeUndefined();
    expect(effective.get(first.id)).toBeUndefined();
    expect(await t.app.storage.db.selectFrom('tariff_assignments').select('id').where('tariff_id', '=', tariff.id).execute()).toEqual([]);
  });

  it('still refuses a department that has meters, and keeps its assignment then', async () => {
    const tariff = await accepted('POST', '/api/tariffs', { name: 'Busy TOU', energyType: 'electricity' });
    const busy = await accepted('POST', '/api/departments', { name: 'Busy', code: 'CL-BUSY' });
    await accepted('POST', '/api/meters', { code: 'CL-BUSY-M', name: 'Busy meter', energyType: 'electricity', unit: 'kWh', departmentId: busy.id });
    await accepted('POST', '/api/tariff-assignments', { tariffId: tariff.id, target: 'department', targetId: busy.id });
    const refused = await api('DELETE', `/api/departments/${busy.id}`);
    expect(refused.code).not.toBe(0);
    expect(await t.app.storage.db.selectFrom('tariff_assignments').select('target_id').where('tariff_id', '=', tariff.id).execute()).toEqual([
      { target_id: busy.id },
    ]);
  });
});
