import type { FastifyInstance } from 'fastify';

/** One tree's metering objects for the tenancy tests: a gateway, a department, a sub-item and a meter on them. */
export interface TreeObjects {
  gateway: number;
  gatewaySn: string;
  department: number;
  subitem: number;
  meter: number;
  meterCode: string;
}

/**
 * Inserts the objects straight into the store, owned by `ownerId`, codes prefixed with `prefix`
 * ("ALPHA" gives GW-ALPHA, ALPHA-D, ALPHA-S, ALPHA-M1). The meter is the department's main meter.
 */
export async function treeObjects(app: FastifyInstance, ownerId: number, prefix: string): Promise<TreeObjects> {
  const db = app.storage.db;
  const gatewaySn = `GW-${prefix}`;
  const meterCode = `${prefix}-M1`;
  const gateway = await db
    .insertInto('gateways')
    .values({ sn: gatewaySn, name: `${prefix} gateway`, owner_user_id: ownerId, online: 0, last_seen_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const department = await db
    .insertInto('departments')
    .values({ name: `${prefix} plant`, code: `${prefix}-D`, parent_id: null, level: 1, sort: 0, owner_user_id: ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subitem = await db
    .insertInto('subitems')
    .values({ name: `${prefix} lighting`, code: `${prefix}-S`, parent_id: null, sort: 0, owner_user_id: ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const meter = await db
    .insertInto('meters')
    .values({
      code: meterCode,
      name: `${prefix} incomer`,
      gateway_id: gateway.id,
      department_id: department.id,
      subitem_id: subitem.id,
      energy_type: 'electricity',
      unit: 'kWh',
      ct_ratio: 1,
      pt_ratio: 1,
      register_max: 99_999_999,
      rated_power_kw: 1000,
      is_main: 1,
      created_at: Date.now(),
      owner_user_id: ownerId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  app.ingest.directory.invalidate();
  return { gateway: gateway.id, gatewaySn, department: department.id, subitem: subitem.id, meter: meter.id, meterCode };
}
