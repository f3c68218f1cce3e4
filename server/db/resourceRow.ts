import type { Generated } from 'kysely';
import type { z } from 'zod';

/** parentId → parent_id, ratedPowerKw → rated_power_kw. */
type Snake<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}` : S;

/** Flags are stored as 0/1 on both engines. */
type Stored<V> = V extends boolean ? number : V;

/**
 * The kysely row type of a plain resource's table, derived from its shared schema: snake_case columns,
 * flags as 0/1, plus `id` and `owner_user_id`. List fields ('refs') live in link tables and are left out.
 * A table with columns the schema lacks (read-only state, computed levels) writes its interface by hand.
 */
export type StoredRow<S extends z.ZodObject> = { id: Generated<number>; owner_user_id: number } & {
  [K in keyof z.output<S> as z.output<S>[K] extends readonly unknown[] ? never : Snake<K & string>]: Stored<z.output<S>[K]>;
};
