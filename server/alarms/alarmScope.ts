import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { UserRepository, isAdminRoleSet } from '../modules/users/repository';
import { userTreeIds } from '../modules/users/userTree';

/**
 * What a user may see of the alarms: admins everything; others the gateways owned in their user tree
 * (as the interface keys and MQTT ACL do), the meters behind those gateways, and the departments and
 * sub-items those meters belong to. `null` means no restriction.
 */
export interface AlarmVisibility {
  gatewayIds: number[];
  meterIds: number[];
  departmentIds: number[];
  subitemIds: number[];
}

export async function alarmVisibility(db: Kysely<Database>, userId: number | undefined): Promise<AlarmVisibility | null> {
  if (userId === undefined) return null;
  const users = new UserRepository(db);
  const user = await users.findById(userId);
  if (!user) return { gatewayIds: [], meterIds: [], departmentIds: [], subitemIds: [] };
  if (isAdminRoleSet(await users.effectiveRoles(user))) return null;
  const owners = [...(await userTreeIds(db, userId))];
  const gateways = await db.selectFrom('gateways').select('id').where('owner_user_id', 'in', owners).execute();
  const gatewayIds = gateways.map((g) => g.id);
  const meters = gatewayIds.length === 0 ? [] : await db.selectFrom('meters').select(['id', 'department_id', 'subitem_id']).where('gateway_id', 'in', gatewayIds).execute();
  const present = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];
  return {
    gatewayIds,
    meterIds: meters.map((m) => m.id),
    departmentIds: present(meters.map((m) => m.department_id)),
    subitemIds: present(meters.map((m) => m.subitem_id)),
  };
}

/** A where-clause restricting alarm_records to a visibility (call only when it is not null). */
export function visibleSubjects(visibility: AlarmVisibility) {
  return (eb: ExpressionBuilder<Database, 'alarm_records'>) => {
    const parts = (
      [
        ['gateway', visibility.gatewayIds],
        ['meter', visibility.meterIds],
        ['department', visibility.departmentIds],
        ['subitem', visibility.subitemIds],
      ] as const
    )
      .filter(([, ids]) => ids.length > 0)
      .map(([type, ids]) => eb.and([eb('subject_type', '=', type), eb('subject_id', 'in', ids)]));
    // Nothing visible: a condition no row meets.
    return parts.length > 0 ? eb.or(parts) : eb('alarm_records.id', '<', 0);
  };
}
