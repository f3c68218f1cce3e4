import { describe, expectTypeOf, it } from 'vitest';
import type { Generated } from 'kysely';
import type { meterSchema, subitemSchema, tagSchema } from '@shared/resources';
import type { StoredRow } from './resourceRow';

describe('StoredRow', () => {
  it('derives snake_case columns, 0/1 flags, id and owner from a resource schema', () => {
    expectTypeOf<StoredRow<typeof tagSchema>>().toEqualTypeOf<{ id: Generated<number>; owner_user_id: number } & { name: string; color: string }>();
    expectTypeOf<StoredRow<typeof subitemSchema>['parent_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<StoredRow<typeof meterSchema>['rated_power_kw']>().toEqualTypeOf<number>();
    expectTypeOf<StoredRow<typeof meterSchema>['is_main']>().toEqualTypeOf<number>();
    expectTypeOf<StoredRow<typeof meterSchema>>().not.toHaveProperty('tag_ids');
  });
});
