import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { claimSeed } from './seedOnce';

interface DepartmentSeed {
  code: string;
  name: string;
  children?: DepartmentSeed[];
  /** Meters on this department: [code suffix, name, energy type, sub-item code?] */
  meters?: [string, string, 'electricity' | 'water' | 'gas', string?][];
  /** Code suffix of the department's main (incoming) electricity meter. */
  main?: string;
}

const UNITS = { electricity: 'kWh', water: 'm³', gas: 'm³' } as const;

/** Energy-use classes (sub-items) as energy audits group them. */
const SUBITEMS: [string, string][] = [
  ['LIGHTING', 'Lighting'],
  ['HVAC', 'HVAC'],
  ['POWER', 'Power'],
  ['SPECIAL', 'Special'],
];

/** A small plant and an office building on three levels: enough for every screen to show something real. */
const ORGANISATION: DepartmentSeed[] = [
  {
    code: 'PLANT',
    name: 'Main Plant',
    main: '001',
    meters: [
      ['001', 'Plant incomer', 'electricity'],
      ['002', 'Plant water main', 'water'],
      ['003', 'Plant gas main', 'gas'],
    ],
    children: [
      {
        code: 'HALL-A',
        name: 'Production Hall A',
        main: '010',
        meters: [['010', 'Hall A distribution board', 'electricity']],
        children: [
          {
            code: 'LINE-1',
            name: 'Line 1',
            meters: [
              ['011', 'Line 1 press', 'electricity', 'POWER'],
              ['012', 'Line 1 conveyor', 'electricity', 'POWER'],
              ['013', 'Line 1 lighting', 'electricity', 'LIGHTING'],
            ],
          },
          {
            code: 'LINE-2',
            name: 'Line 2',
            meters: [
              ['014', 'Line 2 press', 'electricity', 'POWER'],
              ['015', 'Line 2 oven', 'electricity', 'SPECIAL'],
              ['016', 'Line 2 lighting', 'electricity', 'LIGHTING'],
            ],
          },
        ],
      },
      {
        code: 'HALL-B',
        name: 'Production Hall B',
        main: '020',
        meters: [['020', 'Hall B distribution board', 'electricity']],
        children: [
          {
            code: 'LINE-3',
            name: 'Line 3',
            meters: [
              ['021', 'Line 3 welding', 'electricity', 'POWER'],
              ['022', 'Line 3 paint shop', 'electricity', 'SPECIAL'],
            ],
          },
          {
            code: 'WAREHOUSE',
            name: 'Warehouse',
            meters: [
              ['023', 'Warehouse lighting', 'electricity', 'LIGHTING'],
              ['024', 'Cold store', 'electricity', 'HVAC'],
            ],
          },
        ],
      },
      {
        code: 'UTILITIES',
        name: 'Utilities',
        children: [
          {
            code: 'HVAC',
            name: 'HVAC',
            meters: [
              ['030', 'Chiller 1', 'electricity', 'HVAC'],
              ['031', 'Chiller 2', 'electricity', 'HVAC'],
              ['032', 'Cooling tower', 'water'],
            ],
          },
          {
            code: 'AIR',
            name: 'Compressed Air',
            meters: [
              ['033', 'Compressor 1', 'electricity', 'POWER'],
              ['034', 'Compressor 2', 'electricity', 'POWER'],
            ],
          },
          {
            code: 'BOILER',
            name: 'Boiler House',
            meters: [
              ['035', 'Boiler 1', 'gas'],
              ['036', 'Boiler feed water', 'water'],
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'OFFICE',
    name: 'Office Building',
    main: '040',
    meters: [['040', 'Office incomer', 'electricity']],
    children: [
      {
        code: 'FLOOR-1',
        name: 'Floor 1',
        meters: [
          ['041', 'Floor 1 lighting', 'electricity', 'LIGHTING'],
          ['042', 'Floor 1 sockets', 'electricity', 'POWER'],
        ],
      },
      {
        code: 'FLOOR-2',
        name: 'Floor 2',
        meters: [
          ['043', 'Floor 2 lighting', 'electricity', 'LIGHTING'],
          ['044', 'Floor 2 sockets', 'electricity', 'POWER'],
        ],
      },
      {
        code: 'DATA-ROOM',
        name: 'Data Room',
        meters: [
          ['045', 'UPS A', 'electricity', 'SPECIAL'],
          ['046', 'UPS B', 'electricity', 'SPECIAL'],
          ['047', 'CRAC unit', 'electricity', 'HVAC'],
        ],
      },
    ],
  },
];

/** Its key in seeded_samples: an organisation an administrator deleted is not seeded again. */
export const DEMO_ORGANISATION_KEY = 'demo-organisation';

/**
 * Seeds the demo organisation once (only into an empty departments table), in one transaction with its
 * seeded_samples key: a second process starting at the same time waits on that key until the first has
 * committed, then finds it taken and goes on with the whole organisation in place (everything after refers to it).
 */
export function ensureDemoOrganisation(db: Kysely<Database>, ownerUserId: number, now = Date.now()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('departments').select('id').limit(1).executeTakeFirst()) return false;
    if (!(await claimSeed(trx, DEMO_ORGANISATION_KEY, now))) return false;
    await insertOrganisation(trx, ownerUserId, now);
    return true;
  });
}

async function insertOrganisation(db: Kysely<Database>, ownerUserId: number, now: number): Promise<void> {
  const gateway = await db
    .insertInto('gateways')
    .values({ sn: 'GW-DEMO-01', name: 'Demo gateway', owner_user_id: ownerUserId, online: 0, last_seen_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();

  const subitemIds = new Map<string, number>();
  for (const [index, [code, name]] of SUBITEMS.entries()) {
    const row = await db
      .insertInto('subitems')
      .values({ code, name, parent_id: null, sort: index + 1, owner_user_id: ownerUserId })
      .returning('id')
      .executeTakeFirstOrThrow();
    subitemIds.set(code, row.id);
  }

  const insert = async (seed: DepartmentSeed, parentId: number | null, level: number, sort: number): Promise<void> => {
    const department = await db
      .insertInto('departments')
      .values({ code: seed.code, name: seed.name, parent_id: parentId, level, sort, owner_user_id: ownerUserId })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [suffix, name, energyType, subitem] of seed.meters ?? []) {
      await db
        .insertInto('meters')
        .values({
          code: `M${suffix}`,
          name,
          owner_user_id: ownerUserId,
          gateway_id: gateway.id,
          department_id: department.id,
          energy_type: energyType,
          unit: UNITS[energyType],
          ct_ratio: 1,
          pt_ratio: 1,
          register_max: 99_999_999,
          created_at: now,
          is_main: seed.main === suffix ? 1 : 0,
          // Incomers carry whole buildings; steps above the rating would be quarantined as implausible.
          rated_power_kw: seed.main === suffix ? 4000 : 800,
          subitem_id: subitem ? (subitemIds.get(subitem) ?? null) : null,
        })
        .execute();
    }
    for (const [index, child] of (seed.children ?? []).entries()) await insert(child, department.id, level + 1, index + 1);
  };
  for (const [index, top] of ORGANISATION.entries()) await insert(top, null, 1, index + 1);
}
