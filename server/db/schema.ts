import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for kysely. Booleans are stored as 0/1 integers on both engines (better-sqlite3 cannot
 * bind booleans); times are epoch milliseconds (bigint on PostgreSQL, parsed back to number).
 */
type Id = Generated<number>;
type Flag = number;
type EpochMs = ColumnType<number, number, number>;

export interface UsersTable {
  id: Id;
  username: string;
  true_name: string;
  email: string;
  password_hash: string;
  father_id: number | null;
  type: number;
  status: Flag;
  cloud_type: Flag;
  avatar: string;
  introduction: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface RolesTable {
  id: Id;
  name: string;
  type: number;
  description: string;
  is_default: Flag;
  created_at: EpochMs;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface RoutersTable {
  id: Id;
  path: string;
  fullpath: string;
  level: number;
  parent_id: number | null;
  type: string;
  title: string;
  icon: string | null;
  sort: number;
  hidden: Flag;
  no_role: Flag;
}

export interface RoleRoutersTable {
  role_id: number;
  router_id: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  visit_source: string;
  created_at: EpochMs;
  expires_at: EpochMs;
  last_seen_at: EpochMs;
  revoked_at: EpochMs | null;
}

export interface LoginThrottleTable {
  username: string;
  failures: number;
  window_started_at: EpochMs;
  locked_until: EpochMs | null;
}

export interface DepartmentsTable {
  id: Id;
  name: string;
  code: string;
  parent_id: number | null;
  level: number;
  sort: number;
}

export interface GatewaysTable {
  id: Id;
  sn: string;
  name: string;
  owner_user_id: number;
  online: Flag;
  last_seen_at: EpochMs | null;
}

export interface MetersTable {
  id: Id;
  code: string;
  name: string;
  gateway_id: number | null;
  department_id: number | null;
  energy_type: string;
  unit: string;
  ct_ratio: number;
  pt_ratio: number;
  register_max: number;
  created_at: EpochMs;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  routers: RoutersTable;
  role_routers: RoleRoutersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  departments: DepartmentsTable;
  gateways: GatewaysTable;
  meters: MetersTable;
}
