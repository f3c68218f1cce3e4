import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';

/** Issue 8: board history (helper S1 fills this in). */
export function boardHistory(_kind: DbKind) {
  return {
    async up(_db: Kysely<any>): Promise<void> {},
    async down(_db: Kysely<any>): Promise<void> {},
  };
}
