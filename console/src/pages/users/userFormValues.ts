import type { MqttRole, UserCreate, UserRow, UserUpdate } from '@shared/schemas/userAdmin';

/** What the dialog's form holds (spec §2 user dialog). */
export interface UserFormValues {
  username: string;
  trueName: string;
  email: string;
  password: string;
  repeatPassword: string;
  roles: number[];
  pushEmails: string[];
  pushPhones: string[];
  mqttRole: MqttRole;
  mqttUsername: string;
  mqttPassword: string;
  smsCount: number;
  displayAreaIds: number[];
  boardIds: number[];
  /** 0 top-level account (a user tree of its own), 1 sub-user. */
  type: 0 | 1;
}

export function initialValues(row?: UserRow): UserFormValues {
  return {
    username: row?.username ?? '',
    trueName: row?.trueName ?? '',
    email: row?.email ?? '',
    password: '',
    repeatPassword: '',
    roles: row?.roles.map((role) => role._id) ?? [],
    pushEmails: row?.pushEmails ?? [],
    pushPhones: row?.pushPhones ?? [],
    mqttRole: row?.mqttRole ?? 'none',
    mqttUsername: row?.mqttUsername ?? '',
    mqttPassword: '',
    smsCount: row?.smsCount ?? 0,
    displayAreaIds: row?.displayAreaIds ?? [],
    boardIds: row?.boardIds ?? [],
    type: row?.type === 0 ? 0 : 1,
  };
}

/** Who is saving decides what may be sent (spec §6): roles only from a type-0 user, a new username only from an admin. */
export interface SaverRights {
  assignsRoles: boolean;
  renames: boolean;
  /** Administrators choose whether a user is a top-level account (its own user tree) or a sub-user. */
  setsAccountType?: boolean;
}

function shared(values: UserFormValues, rights: SaverRights) {
  const mqttUsername = values.mqttUsername.trim();
  return {
    trueName: values.trueName.trim(),
    ...(rights.assignsRoles ? { roles: values.roles } : {}),
    ...(rights.setsAccountType ? { type: values.type } : {}),
    pushEmails: values.pushEmails,
    pushPhones: values.pushPhones,
    mqttRole: values.mqttRole,
    mqttUsername: mqttUsername || null,
    // Write-only: empty keeps the stored MQTT password.
    ...(values.mqttPassword ? { mqttPassword: values.mqttPassword } : {}),
    smsCount: values.smsCount ?? 0,
    displayAreaIds: values.displayAreaIds,
    boardIds: values.boardIds,
  };
}

export function toCreateBody(values: UserFormValues, rights: SaverRights): UserCreate {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
    repeatPassword: values.repeatPassword,
    ...shared(values, rights),
  };
}

/** The e-mail is read-only after creation and is not sent; the password changes through its own dialog. */
export function toUpdateBody(values: UserFormValues, rights: SaverRights): UserUpdate {
  return { ...(rights.renames ? { username: values.username.trim() } : {}), ...shared(values, rights) };
}
