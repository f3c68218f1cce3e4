import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

interface DepartmentSeed {
  code: string;
  name: string;
  children?: DepartmentSeed[];
  /** Meters on this department: [code suffix, name, energy type] */
  meters?: [string, string, 'electricity' | 'water' | 'gas'][];
}

const UNITS = { electricity: 'kWh', water: 'm³', gas: 'm³' } as const;

/** A small plant and an office building on three levels: enough for every screen to show something real. */
const ORGANISATION: DepartmentSeed[] = [
  {
    code: 'PLANT',
    name: 'Main Plant',
    meters: [['001', 'Plant incomer', 'electricity'], ['002', 'Plant water main', 'water'], ['003', 'Plant gas main', 'gas']],
    children: [
      {
        code: 'HALL-A',
        name: 'Production Hall A',
        meters: [['010', 'Hall A distribution board', 'electricity']],
        children: [
          { code: 'LINE-1', name: 'Line 1', meters: [['011', 'Line 1 press', 'electricity'], ['012', 'Line 1 conveyor', 'electricity'], ['013', 'Line 1 lighting', 'electricity']] },
          { code: 'LINE-2', name: 'Line 2', meters: [['014', 'Line 2 press', 'electricity'], ['015', 'Line 2 oven', 'electricity'], ['016', 'Line 2 lighting', 'electricity']] },
        ],
      },
      {
        code: 'HALL-B',
        name: 'Production Hall B',
        meters: [['020', 'Hall B distribution board', 'electricity']],
        children: [
          { code: 'LINE-3', name: 'Line 3', meters: [['021', 'Line 3 welding', 'electricity'], ['022', 'Line 3 paint shop', 'electricity']] },
          { code: 'WAREHOUSE', name: 'Warehouse', meters: [['023', 'Warehouse lighting', 'electricity'], ['024', 'Cold store', 'electricity']] },
        ],
      },
      {
        code: 'UTILITIES',
        name: 'Utilities',
        children: [
          { code: 'HVAC', name: 'HVAC', meters: [['030', 'Chiller 1', 'electricity'], ['031', 'Chiller 2', 'electricity'], ['032', 'Cooling tower', 'water']] },
          { code: 'AIR', name: 'Compressed Air', meters: [['033', 'Compressor 1', 'electricity'], ['034', 'Compressor 2', 'electricity']] },
          { code: 'BOILER', name: 'Boiler House', meters: [['035', 'Boiler 1', 'gas'], ['036', 'Boiler feed water', 'water']] },
        ],
      },
    ],
  },
  {
    code: 'OFFICE',
    name: 'Office Building',
    meters: [['040', 'Office incomer', 'electricity']],
    children: [
      { code: 'FLOOR-1', name: 'Floor 1', meters: [['041', 'Floor 1 lighting', 'electricity'], ['042', 'Floor 1 sockets', 'electricity']] },
      { code: 'FLOOR-2', name: 'Floor 2', meters: [['043', 'Floor 2 lighting', 'electricity'], ['044', 'Floor 2 sockets', 'electricity']] },
      { code: 'DATA-ROOM', name: 'Data Room', meters: [['045', 'UPS A', 'electricity'], ['046', 'UPS B', 'electricity'], ['047', 'CRAC unit', 'electricity']] },
    ],
  },
];

/** Seeds the demo organisation once (only into an empty departments table). */
export async function ensureDemoOrganisation(db: Kysely<Database>, ownerUserId: number, now = Date.now()): Promise<boolean> {
  const any = await db.selectFrom('departments').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const gateway = await db
    .insertInto('gateways')
    .values({ sn: 'GW-DEMO-01', name: 'Demo gateway', owner_user_id: ownerUserId, online: 0, last_seen_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();

  const insert = async (seed: DepartmentSeed, parentId: number | null, level: number, sort: number): Promise<void> => {
    const department = await db
      .insertInto('departments')
      .values({ code: seed.code, name: seed.name, parent_id: parentId, level, sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [suffix, name, energyType] of seed.meters ?? []) {
      await db
        .insertInto('meters')
        .values({
          code: `M${suffix}`,
          name,
          gateway_id: gateway.id,
          department_id: department.id,
          energy_type: energyType,
          unit: UNITS[energyType],
          ct_ratio: 1,
          pt_ratio: 1,
          register_max: 99_999_999,
          created_at: now,
        })
        .execute();
    }
    for (const [index, child] of (seed.children ?? []).entries()) await insert(child, department.id, level + 1, index + 1);
  };
  for (const [index, top] of ORGANISATION.entries()) await insert(top, null, 1, index + 1);
  return true;
}
