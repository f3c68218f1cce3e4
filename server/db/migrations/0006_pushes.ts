import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';

/** Message pushes (issue 5): filled in by the pushes work. */
export function pushes(_kind: DbKind) {
  return {
    async up(_db: Kysely<any>): Promise<void> {},
    async down(_db: Kysely<any>): Promise<void> {},
  };
}
