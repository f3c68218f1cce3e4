import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import type { DepartmentNode } from '@shared/resources';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { insertSubUser } from '@tests/support/users';
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

const create = (body: object) => api('POST', '/api/departments', body);

describe('/api/departments: levels (spec §9: at most 3)', () => {
  it('computes the level from the parent and refuses a fourth level with a clear message', async () => {
    const top = await create({ name: 'Site T', code: 'T-SITE' });
    expect(top.data).toMatchObject({ level: 1, parentId: null, sort: 0 });
    const mid = await create({ name: 'Building T', code: 'T-BLD', parentId: top.data.id, sort: 3 });
    const leaf = await create({ name: 'Room T', code: 'T-ROOM', parentId: mid.data.id });
    expect([mid.data.level, leaf.data.level]).toEqual([2, 3]);

    const tooDeep = await create({ name: 'Desk T', code: 'T-DESK', parentId: leaf.data.id });
    expect(tooDeep).toMatchObject({ status: 400, code: ErrorCode.VALIDATION_FAILED, message: '"Room T" is on level 3: departments may have at most 3 levels' });
    expect(tooDeep.data.issues[0]).toMatchObject({ field: 'parentId', rule: 'maxLevel' });
  });

  it('moves a subtree with its levels, and refuses a move below level 3 or into itself', async () => {
    const a = (await create({ name: 'A', code: 'T-A' })).data;
    const a1 = (await create({ name: 'A1', code: 'T-A1', parentId: a.id })).data;
    const b = (await create({ name: 'B', code: 'T-B' })).data;
    const moved = await api('PUT', `/api/departments/${a.id}`, { name: 'A', code: 'T-A', parentId: b.id });
    expect(moved.data.level).toBe(2);
    expect((await api('GET', `/api/departments/${a1.id}`)).data.level).toBe(3);

    const b1 = (await create({ name: 'B1', code: 'T-B1', parentId: b.id })).data;
    const below = await api('PUT', `/api/departments/${a.id}`, { name: 'A', code: 'T-A', parentId: b1.id });
    expect(below.message).toBe('Moving here would put sub-departments below level 3: departments may have at most 3 levels');
    const cycle = await api('PUT', `/api/departments/${b.id}`, { name: 'B', code: 'T-B', parentId: a1.id });
    expect(cycle.message).toBe('A department cannot be placed under itself or one of its sub-departments');
  });
});

describe('/api/departments: delete', () => {
  it('refuses a department with sub-departments or meters, deletes an empty one', async () => {
    const parent = (await create({ name: 'Parent T', code: 'T-PARENT' })).data;
    const child = (await create({ name: 'Child T', code: 'T-CHILD', parentId: parent.id })).data;
    expect((await api('DELETE', `/api/departments/${parent.id}`)).message).toBe(
      'This department still has sub-departments (e.g. "Child T"); delete or move them first',
    );

    await api('POST', '/api/meters', { code: 'T-M1', name: 'Child meter', energyType: 'electricity', unit: 'kWh', departmentId: child.id });
    expect((await api('DELETE', `/api/departments/${child.id}`)).message).toBe('This department still has meters (e.g. "T-M1"); move or delete them first');

    const empty = (await create({ name: 'Empty T', code: 'T-EMPTY', parentId: parent.id })).data;
    expect((await api('DELETE', `/api/departments/${empty.id}`)).code).toBe(0);
  });
});

describe('GET /api/departments/tree', () => {
  it('lists the seeded organisation with the meters per node', async () => {
    const nodes = (await api('GET', '/api/departments/tree')).data as DepartmentNode[];
    const plant = nodes.find((node) => node.code === 'PLANT');
    expect(plant).toMatchObject({ name: 'Main Plant', level: 1, parentId: null });
    expect(plant?.meterCount).toBeGreaterThanOrEqual(3);
    expect(nodes.every((node) => node.level <= 3)).toBe(true);
  });

  it('is refused to a sub-user without /devices/depart', async () => {
    await insertSubUser(t.app, { username: 'dept-viewer', password: 'Secret!234' });
    const subToken = await loginAs(t.app, 'dept-viewer', 'Secret!234');
    const asSub = resourceCaller(t, () => subToken);
    expect((await asSub('GET', '/api/departments/tree')).code).toBe(ErrorCode.FORBIDDEN);
    expect((await asSub('POST', '/api/departments', { name: 'X', code: 'T-X' })).code).toBe(ErrorCode.FORBIDDEN);
  });
});
