import type { FakeReply } from '@shared/api/fakeAdapter.test-util';
import type { RoleRow } from '@shared/schemas/roles';
import type { UserRow } from '@shared/schemas/userAdmin';
import type { UserInfo } from '@shared/schemas/user';
import { envelope } from '../../testing/renderConsole.test-util';

export const admin: UserInfo = {
  _id: 1,
  username: 'admin',
  trueName: 'Ada Admin',
  email: 'admin@plant.cn',
  avatar: '',
  introduction: '',
  father: null,
  roles: [{ _id: 1, name: 'admin' }],
  status: true,
  type: 0,
};
/** A type-0 parent that is not an admin: assigns roles, cannot rename. */
export const manager: UserInfo = { ...admin, _id: 5, username: 'manager1', trueName: 'Mo Manager', email: 'mo@plant.cn', roles: [{ _id: 4, name: 'manager' }] };
/** A type-1 sub-user: no roles select. */
export const operator: UserInfo = {
  ...admin,
  _id: 7,
  username: 'operator1',
  trueName: 'Olga Operator',
  email: 'olga@plant.cn',
  roles: [{ _id: 2, name: 'operator' }],
  type: 1,
  father: 5,
};

export const lilei: UserRow = {
  _id: 12,
  username: 'lilei_01',
  trueName: 'Li Lei',
  email: 'li@plant.cn',
  father: 1,
  type: 1,
  status: true,
  cloudType: true,
  roles: [{ _id: 2, name: 'operator' }],
  children: [],
  pushEmails: ['li@plant.cn'],
  pushPhones: ['13800138000'],
  mqttRole: 'publisher',
  mqttUsername: 'gw-li',
  smsCount: 20,
  displayAreaIds: [3],
  boardIds: [],
  createdAt: Date.UTC(2026, 0, 2, 8, 30),
};
export const hanmei: UserRow = {
  ...lilei,
  _id: 13,
  username: 'hanmei',
  trueName: 'Han Mei',
  email: 'han@plant.cn',
  status: false,
  pushEmails: [],
  pushPhones: [],
  mqttUsername: null,
};

const role = (_id: number, name: string): RoleRow => ({ _id, name, type: 1, description: '', isDefault: _id === 2, users: [1, 5], routers: [] });
export const assignable = [role(2, 'operator'), role(6, 'meter reader')];

/** Taken names and e-mails for GET /users/check. */
export const TAKEN: Record<string, number> = { 'username=taken_name': 40, 'username=lilei_01': 12, 'email=used%40plant.cn': 41 };

/** The users screen's fake server; every request lands in `sent` with its body. */
export function usersServer(user: UserInfo, sent: string[] = [], overrides: Record<string, FakeReply> = {}) {
  return (route: string, body: unknown): FakeReply => {
    sent.push(`${route} ${JSON.stringify(body ?? null)}`);
    const override = overrides[route];
    if (override) return override;
    if (route === 'GET /users/info') return envelope(user);
    if (route.startsWith('GET /users?')) return envelope({ total: 42, rows: [lilei, hanmei] });
    if (route.startsWith('GET /users/check?')) {
      const id = TAKEN[route.slice('GET /users/check?'.length)];
      return envelope(id === undefined ? null : { taken: true, _id: id });
    }
    if (route === `GET /roles?type=1&users=${user._id}&size=500` || route === 'GET /roles?type=1&size=500') return envelope({ total: 2, rows: assignable });
    if (route === 'GET /display-areas/options') return envelope([{ _id: 3, name: 'Boiler house' }]);
    if (route === 'GET /boards') return envelope([{ id: 9, name: 'Plant overview' }]);
    if (route === 'POST /users') return envelope({ _id: 50 });
    if (route.startsWith('PUT /users/')) return envelope(lilei);
    if (route.startsWith('DELETE /users')) return envelope({ deleted: 2 });
    return envelope(null);
  };
}
